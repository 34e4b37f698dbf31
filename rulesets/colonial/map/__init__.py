"""The Colonial map: geometry data, the players' colours, and the scene built from a public
view. The renderer's side of the game: it reads only the public view."""

from rulesets.colonial.map.geometry import load_geometry, map_text
from rulesets.colonial.map.scene import scene_from_view

__all__ = ["load_geometry", "map_text", "scene_from_view"]
