"""Which places each regional close-up of the Pax Britannica map shows (Africa, Asia, the
Americas), from the data's area regions: the geometry's named `areas` for `/map region:`.
A close-up is named by a caption key (`pax.map.area.<name>`) whose words the scene
supplies in the campaign's language."""

from __future__ import annotations

from rulesets.pax_britannica.data import default_data

# Close-up -> the data's area regions it shows, and the home nations drawn beside them.
CLOSE_UPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "africa": (("africa",), ()),
    "asia": (("asia", "near_east"), ("japan",)),
    "americas": (("americas",), ("usa",)),
}
CLOSE_UP_KEYS = tuple(f"pax.map.area.{name}" for name in CLOSE_UPS)


def caption_key(close_up: str) -> str:
    return f"pax.map.area.{close_up}"


def region_groups() -> dict[str, list[str]]:
    """Caption key -> the map's region ids a close-up shows."""
    areas = default_data().areas
    return {
        caption_key(name): [a.id for a in areas if a.region in regions] + list(homes)
        for name, (regions, homes) in CLOSE_UPS.items()
    }
