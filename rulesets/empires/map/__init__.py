"""The Empires map: geometry data, empire styles, and the scene built from a public view.

This folder is the renderer's side of the game: it reads only the public view, and the
rules never import it.
"""

from rulesets.empires.map.geometry import load_geometry, map_text
from rulesets.empires.map.scene import scene_from_view

__all__ = ["load_geometry", "map_text", "scene_from_view"]
