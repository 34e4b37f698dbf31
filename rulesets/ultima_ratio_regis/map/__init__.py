"""The Ultima Ratio Regis map: a schematic drawn from the data file's coordinates, the
scene built from the public view, and the battle report card of a step that resolved a
combat. The rules never import this folder."""

from rulesets.ultima_ratio_regis.map.card import step_pictures
from rulesets.ultima_ratio_regis.map.geometry import load_geometry
from rulesets.ultima_ratio_regis.map.scene import scene_from_view

__all__ = ["load_geometry", "scene_from_view", "step_pictures"]
