"""Benchmark of the map renderer (a script, not a test): python -m tests.bench.render_bench

Prints the median and 95th percentile time to render a mid-game seven-player Struggle of
Empires map with nothing cached (base layer, piece sprites and text), with a cold base layer
(sprites are drawn once per process), and with the base layer cached; the
peak Python memory of a cold render, and the same measures for a peer: the standard map of
the `diplomacy` package rendered by its SVG renderer and converted to PNG by cairosvg at the
same width. The peer is optional (benchmark extras, not runtime dependencies):

    pip install diplomacy==1.1.2 cairosvg==2.9.1
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable

from PIL import Image

from bot.render import campaign, lettering, render_png
from bot.render.base import clear_base_cache
from bot.render.palette import clear_palettes
from bot.render.sprites import symbol
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.views import midgame_view

WIDTH = 1600
ROOT_FONT_SIZE = "svg { font-size: 100% }"
FIXED_FONT_SIZE = "svg { font-size: 16px }"


def timings(
    action: Callable[[], object], runs: int, before: Callable[[], None]
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each run (CPU time shows through a busy machine)."""
    wall, cpu = [], []
    for _ in range(runs):
        before()
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def forget_base() -> None:
    """The per-map caches: the base layer and the PNG palette."""
    clear_base_cache()
    clear_palettes()


def forget_everything() -> None:
    forget_base()
    symbol.cache_clear()
    lettering.clear_text_cache()


def nothing() -> None:
    return None


def peak_memory(action: Callable[[], object]) -> int:
    tracemalloc.start()
    action()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def black_share(png: bytes) -> float:
    """The share of pure black pixels: near 100% when cairosvg has blacked the board out."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    black = image.point(lambda value: 255 if value == 0 else 0).convert("L")
    histogram = black.point(lambda value: 255 if value == 255 else 0).histogram()
    return histogram[255] / (image.width * image.height)


def peer_renderer() -> Callable[[], bytes] | str:
    """The diplomacy standard map as PNG, or why it cannot be measured here."""
    try:
        import cairosvg
        from diplomacy import Game
        from diplomacy.engine.renderer import Renderer
    except ImportError as error:
        return (
            f"peer skipped: {error.name} is not importable "
            "(pip install diplomacy==1.1.2 cairosvg==2.9.1)"
        )

    game = Game()  # the standard map, spring 1901, every unit on the board

    def render() -> bytes:
        svg = Renderer(game).render(incl_orders=True, incl_abbrev=True)
        # cairosvg reads the map's `svg { font-size: 100% }` as 100% of the canvas and draws
        # every label a map high, blacking out the board; a fixed size renders it as intended.
        svg = svg.replace(ROOT_FONT_SIZE, FIXED_FONT_SIZE)
        png: bytes = cairosvg.svg2png(bytestring=svg.encode(), output_width=WIDTH)
        return png

    return render


def row(name: str, measured: tuple[list[float], list[float]], memory: int | None = None) -> str:
    wall, cpu = measured
    peak = f"{memory / 1e6:9.1f}" if memory is not None else f"{'':>9}"
    return (
        f"{name:<40}{statistics.median(wall) * 1000:10.1f}{p95(wall) * 1000:10.1f}"
        f"{statistics.median(cpu) * 1000:10.1f}{peak}{len(wall):6d}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--peer-runs", type=int, default=5)
    arguments = parser.parse_args()

    geometry = load_geometry()
    scene = scene_from_view(midgame_view())
    png = render_png(geometry, scene, WIDTH)
    size = Image.open(io.BytesIO(png)).size

    def courier() -> bytes:
        return render_png(geometry, scene, WIDTH)

    first = timings(courier, arguments.runs, forget_everything)
    cold = timings(courier, arguments.runs, forget_base)
    cached = timings(courier, arguments.runs, nothing)
    forget_everything()
    first_memory = peak_memory(courier)
    forget_base()
    cold_memory = peak_memory(courier)
    cached_memory = peak_memory(courier)

    def campaign_hit() -> bytes:
        return campaign.render_view_png("struggle", midgame_view(), WIDTH)

    print(f"Map: Struggle of Empires, 7 powers mid-game, {size[0]}x{size[1]} px PNG")
    print(f"Load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"{'renderer':<40}{'median ms':>10}{'p95 ms':>10}{'cpu ms':>10}{'peak MB':>9}{'runs':>6}")
    print(row("courier nothing cached (base, sprites)", first, first_memory))
    print(row("courier cold map (base layer, palette)", cold, cold_memory))
    print(row("courier cached map", cached, cached_memory))
    print(row("courier from a public view, cached", timings(campaign_hit, arguments.runs, nothing)))

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process max RSS after the Courier runs: {rss:.0f} MB (Python, Pillow, fonts, caches)")

    peer = peer_renderer()
    if isinstance(peer, str):
        print(peer)
        return
    peer_png = peer()
    peer_size = Image.open(io.BytesIO(peer_png)).size
    peer_times = timings(peer, arguments.peer_runs, nothing)
    peer_memory = peak_memory(peer)
    print(row("diplomacy 1.1.2 SVG + cairosvg", peer_times, peer_memory))
    print(f"peer map: {peer_size[0]}x{peer_size[1]} px PNG")
    peer_wall, peer_cpu = (statistics.median(values) for values in peer_times)
    for name, measured in (("nothing cached", first), ("cold map", cold), ("cached map", cached)):
        wall = peer_wall / statistics.median(measured[0])
        cpu = peer_cpu / statistics.median(measured[1])
        print(f"ratio peer / courier {name + ':':<16}{wall:6.1f}x wall clock {cpu:6.1f}x CPU")
    print(f"peer PNG pure black: {black_share(peer_png):.0%} (a check that the board was drawn)")
    print("peak MB is Python allocations traced by tracemalloc (Pillow's pixel buffers and")
    print("cairo's surfaces are allocated in C and are not included); see max RSS above.")


if __name__ == "__main__":
    main()
