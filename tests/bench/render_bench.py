"""Benchmark of the map renderer (a script, not a test): python -m tests.bench.render_bench

Prints the median and 95th percentile time to render a mid-game seven-player Struggle of
Empires map with nothing cached (base layer and piece sprites), with a cold base layer
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
import statistics
import time
import tracemalloc
from collections.abc import Callable

from PIL import Image

from bot.render import campaign, render_png
from bot.render.base import clear_base_cache
from bot.render.sprites import symbol
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.views import midgame_view

WIDTH = 1600


def timings(action: Callable[[], object], runs: int, before: Callable[[], None]) -> list[float]:
    results = []
    for _ in range(runs):
        before()
        gc.collect()
        start = time.perf_counter()
        action()
        results.append(time.perf_counter() - start)
    return results


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def forget_base() -> None:
    clear_base_cache()


def forget_everything() -> None:
    clear_base_cache()
    symbol.cache_clear()


def nothing() -> None:
    return None


def peak_memory(action: Callable[[], object]) -> int:
    tracemalloc.start()
    action()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


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
        png: bytes = cairosvg.svg2png(bytestring=svg.encode(), output_width=WIDTH)
        return png

    return render


def row(name: str, values: list[float], memory: int | None = None) -> str:
    peak = f"{memory / 1e6:9.1f}" if memory is not None else f"{'':>9}"
    return (
        f"{name:<36}{statistics.median(values) * 1000:10.1f}{p95(values) * 1000:10.1f}"
        f"{peak}{len(values):6d}"
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
    print(f"{'renderer':<36}{'median ms':>10}{'p95 ms':>10}{'peak MB':>9}{'runs':>6}")
    print(row("courier nothing cached (base, sprites)", first, first_memory))
    print(row("courier cold base layer", cold, cold_memory))
    print(row("courier cached base layer", cached, cached_memory))
    print(row("courier from a public view, cached", timings(campaign_hit, arguments.runs, nothing)))

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
    peer_median = statistics.median(peer_times)
    print(f"ratio peer / courier nothing cached: {peer_median / statistics.median(first):6.1f}x")
    print(f"ratio peer / courier cold base:      {peer_median / statistics.median(cold):6.1f}x")
    print(f"ratio peer / courier cached base:    {peer_median / statistics.median(cached):6.1f}x")
    print("peak MB is Python allocations traced by tracemalloc (Pillow's pixel buffers and")
    print("cairo's surfaces are allocated in C and are not included).")


if __name__ == "__main__":
    main()
