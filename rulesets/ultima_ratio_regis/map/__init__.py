"""The Ultima Ratio Regis map: a schematic drawn from the data file's coordinates, and the
scene built from the public view. The rules never import this folder."""

from rulesets.ultima_ratio_regis.map.geometry import load_geometry
from rulesets.ultima_ratio_regis.map.scene import scene_from_view

__all__ = ["load_geometry", "scene_from_view"]
