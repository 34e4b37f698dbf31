"""A schematic geometry from the shipped data's zone coordinates: one lozenge per zone,
a card beside it for its pieces, and lanes for the sea and strait links."""

from __future__ import annotations

from functools import cache

from rulesets.core.scene import MapGeometry, Rect, RegionGeometry, SeaLink
from rulesets.ultima_ratio_regis.data import ZoneData, default_data

OFFSET_X, OFFSET_Y = 40.0, 40.0
RADIUS = 26.0
CARD_WIDTH, CARD_HEIGHT = 104.0, 40.0
FILLS = {"open": "#D8E4B0", "forest": "#A9C98F", "mountains": "#C9B79C", "marsh": "#B7CFC4"}
SEA_FILL, KEY_OUTLINE_FILL = "#9DC3E6", "#F0D890"


def _region(zone: ZoneData) -> RegionGeometry:
    x, y = zone.x + OFFSET_X, zone.y + OFFSET_Y
    outline = [(x, y - RADIUS), (x + RADIUS * 1.3, y), (x, y + RADIUS), (x - RADIUS * 1.3, y)]
    fill = SEA_FILL if zone.kind == "sea" else FILLS[zone.terrain]
    return RegionGeometry(
        kind=zone.kind,
        outline=outline,
        fill=KEY_OUTLINE_FILL if zone.key else fill,
        smooth=0,
        anchor=(x, y),
        card=Rect(x=x - CARD_WIDTH / 2, y=y + RADIUS + 2, width=CARD_WIDTH, height=CARD_HEIGHT),
    )


@cache
def load_geometry() -> MapGeometry:
    data = default_data()
    width = max(zone.x for zone in data.zones) + OFFSET_X + 160
    height = max(zone.y for zone in data.zones) + OFFSET_Y + 120
    lanes = [
        SeaLink(between=(link.a, link.b), style="strait" if link.kind == "strait" else "lane")
        for link in data.links
        if link.kind in ("sea", "coast", "strait")
    ]
    return MapGeometry(
        id="ultima-ratio-regis-schematic",
        width=width + 340,
        height=max(height, 860),
        background="#EEF2F5",
        regions={zone.id: _region(zone) for zone in data.zones},
        sea_links=lanes,
        sidebar=Rect(x=width + 10, y=10, width=320, height=max(height, 860) - 20),
    )
