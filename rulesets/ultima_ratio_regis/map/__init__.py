"""The Ultima Ratio Regis map: a schematic drawn from the campaign's data file (its
coordinates, or a graph layout when it gives none), the
scene built from the public view, and the battle report card of a step that resolved a
combat. The rules never import this folder."""

from rulesets.ultima_ratio_regis.map.card import step_pictures
from rulesets.ultima_ratio_regis.map.geometry import geometry_for_view, load_geometry
from rulesets.ultima_ratio_regis.map.scene import scene_from_view

__all__ = ["geometry_for_view", "load_geometry", "scene_from_view", "step_pictures"]
