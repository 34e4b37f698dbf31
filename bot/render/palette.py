"""The 256-colour palette a map's PNGs are written with, made once per map and set of powers.

Choosing a palette for every render (octree quantisation) costs more than mapping a render
onto a known palette. A map's colours hardly change from move to move: the base layer, the
card paper and ink, the powers' colours and the marker fills. So the palette is taken once
from a reference picture holding all of them (every power with every piece kind, every
marker kind, a highlighted row), which depends only on the map and the powers,
never on the first scene drawn: the same scene always gives the same bytes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PIL import Image

from bot.render.kinds import MARKER_STYLES, PIECE_SHAPES
from rulesets.core.scene import (
    Header,
    LegendEntry,
    MapGeometry,
    Panel,
    PanelRow,
    PieceStack,
    RegionMarker,
    RegionScene,
    Scene,
)

Renderer = Callable[[MapGeometry, Scene, int], Image.Image]
PaletteKey = tuple[str, tuple[tuple[str, str], ...]]
# The reference picture is small: colours do not depend on size, and a small picture is
# quick to draw and to quantise.
REFERENCE_WIDTH = 640

# Each palette is kept with the geometry it was made for, to notice a replaced map file.
_palettes: dict[PaletteKey, tuple[MapGeometry, Image.Image]] = {}
_lock = threading.Lock()


def reference_scene(geometry: MapGeometry, scene: Scene) -> Scene:
    """Every colour a scene of this map and these powers can show, on one picture."""
    powers = [style.power for style in scene.powers]
    everything = RegionScene(
        id="",
        label="Ag 8",
        control=dict.fromkeys(powers, 1),
        pieces=[PieceStack(kind=kind, power=p, count=1) for kind in PIECE_SHAPES for p in powers],
        markers=[
            RegionMarker(kind=kind, value=1, holds=powers[0] if powers else None)
            for kind in MARKER_STYLES
        ],
        vp_text="8·5·3",
    )
    # One card shows everything; every other card only its title band (its colour matters).
    # Every region is striped with every power's tint: each fill a region can take.
    first, *others = sorted(geometry.regions)
    regions = [
        everything.model_copy(update={"id": first, "holders": powers}),
        *(
            RegionScene(id=region_id, label="Ag 8", vp_text="8", holders=powers)
            for region_id in others
        ),
    ]
    symbols = [*PIECE_SHAPES, "control", *(f"marker:{kind}" for kind in MARKER_STYLES)]
    return Scene(
        map_id=geometry.id,
        header=Header(title="Ag", lines=["Ag"]),
        powers=scene.powers,
        regions=regions,
        panels=[
            Panel(title="Ag", columns=["Ag"], rows=[PanelRow(power=p, values=[]) for p in powers])
        ],
        legend=[LegendEntry(symbol=symbol, label="Ag") for symbol in [*symbols, "lane:roll"]],
        highlight=powers[0] if powers else None,
    )


def palette_for(geometry: MapGeometry, scene: Scene, render: Renderer) -> Image.Image:
    """A paletted image whose palette suits every scene of this map and these powers."""
    key = (geometry.id, tuple((s.power, s.colour) for s in scene.powers))
    with _lock:
        cached = _palettes.get(key)
        if cached is not None and (cached[0] is geometry or cached[0] == geometry):
            return cached[1]
    picture = render(geometry, reference_scene(geometry, scene), REFERENCE_WIDTH)
    palette = picture.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    with _lock:
        _palettes[key] = (geometry, palette)
    return palette


def clear_palettes() -> None:
    with _lock:
        _palettes.clear()
