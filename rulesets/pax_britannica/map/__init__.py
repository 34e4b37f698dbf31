"""The Pax Britannica map: the world of 1880 (Natural Earth coasts, our area layout) and
the scene built from the public view. The rules never import this folder."""

from rulesets.pax_britannica.map.close_ups import region_bounds
from rulesets.pax_britannica.map.regions import region_groups
from rulesets.pax_britannica.map.scene import load_geometry, scene_from_view

__all__ = ["load_geometry", "region_bounds", "region_groups", "scene_from_view"]
