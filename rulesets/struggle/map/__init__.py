"""The Struggle of Empires map: geometry data, power styles, and the scene built from a view.

This folder is the renderer's side of the game: it reads only the public view, and the
rules never import it.
"""

from rulesets.struggle.map.geometry import languages, load_geometry, load_styles, map_text
from rulesets.struggle.map.scene import scene_from_view

__all__ = ["languages", "load_geometry", "load_styles", "map_text", "scene_from_view"]
