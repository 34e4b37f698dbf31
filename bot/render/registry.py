"""Which map each ruleset draws: ruleset name -> (geometry loader, scene_from_view).

A ruleset draws a map by giving its package a `map` module with `load_geometry()` and
`scene_from_view(view, language)`: it is found here with no line to add. The services ask
for a campaign's map by ruleset name and public view and never need to know how it is drawn.
The module may also define `step_pictures(events, view, language)`: the extra pictures a
step adds to its report (a battle's report card), each a scene of a header and panels
built from the step's public events and the public view after it; and
`geometry_for_view(view)`: the geometry of one campaign, when its public view carries a
board of its own (a group's data file), `load_geometry()` otherwise.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from rulesets.core.scene import MapGeometry, Scene

GeometryLoader = Callable[[], MapGeometry]


class SceneBuilder(Protocol):
    """(public view, language, labels) -> scene. A map's texts follow the campaign's
    language; `labels` replace any text by key (players' names as `seat.<seat>`)."""

    def __call__(
        self, view: Mapping[str, Any], language: str = ..., labels: Mapping[str, str] | None = ...
    ) -> Scene: ...


class StepPictures(Protocol):
    """(a step's public events, the public view after it, language) -> one scene per
    picture the step adds to its report (drawn as a card: header and panels)."""

    def __call__(
        self, events: Sequence[Mapping[str, Any]], view: Mapping[str, Any], language: str = ...
    ) -> list[Scene]: ...


def no_pictures(
    events: Sequence[Mapping[str, Any]], view: Mapping[str, Any], language: str = "en"
) -> list[Scene]:
    return []


ViewGeometry = Callable[[Mapping[str, Any]], MapGeometry]


@dataclass(frozen=True)
class MapRenderer:
    load_geometry: GeometryLoader
    scene_from_view: SceneBuilder
    step_pictures: StepPictures = no_pictures
    geometry_for_view: ViewGeometry | None = None

    def geometry_for(self, view: Mapping[str, Any]) -> MapGeometry:
        """The geometry a campaign's map is drawn on, from its public view."""
        if self.geometry_for_view is None:
            return self.load_geometry()
        return self.geometry_for_view(view)


_RENDERERS: dict[str, MapRenderer] = {}


def register_map(
    ruleset_name: str,
    load_geometry: GeometryLoader,
    scene: SceneBuilder | Callable[[Mapping[str, Any], str], Scene],
    step_pictures: StepPictures = no_pictures,
    geometry_for_view: ViewGeometry | None = None,
) -> None:
    """Register a map. A scene builder written before labels existed, `(view, language)`,
    is accepted and simply given no labels."""
    _RENDERERS[ruleset_name] = MapRenderer(
        load_geometry, _taking_labels(scene), step_pictures, geometry_for_view
    )


def _taking_labels(scene: Callable[..., Scene]) -> SceneBuilder:
    parameters = inspect.signature(scene).parameters.values()
    if len(parameters) >= 3 or any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return cast(SceneBuilder, scene)

    def without_labels(
        view: Mapping[str, Any], language: str = "en", labels: Mapping[str, str] | None = None
    ) -> Scene:
        return scene(view, language)

    return without_labels


def _register_builtin() -> None:
    import importlib

    from rulesets import registry

    for ruleset in registry.all_rulesets():
        package = type(ruleset).__module__.rsplit(".", 1)[0]
        if package == "rulesets" or not package.startswith("rulesets."):
            continue  # a test fixture's game, drawn by no map
        try:
            module = importlib.import_module(f"{package}.map")
        except ModuleNotFoundError as error:
            if error.name != f"{package}.map":
                raise
            continue
        register_map(
            ruleset.name,
            module.load_geometry,
            module.scene_from_view,
            getattr(module, "step_pictures", no_pictures),
            getattr(module, "geometry_for_view", None),
        )


def map_renderer(ruleset_name: str) -> MapRenderer:
    if not _RENDERERS:
        _register_builtin()
    try:
        return _RENDERERS[ruleset_name]
    except KeyError:
        raise LookupError(f"no map is drawn for ruleset {ruleset_name!r}") from None


def geometry_for_map(map_id: str) -> MapGeometry:
    """The geometry whose id is `map_id`, among the registered maps."""
    if not _RENDERERS:
        _register_builtin()
    for renderer in _RENDERERS.values():
        geometry = renderer.load_geometry()
        if geometry.id == map_id:
            return geometry
    raise LookupError(f"no geometry with id {map_id!r}")


def has_step_pictures(ruleset_name: str) -> bool:
    """Whether the game adds pictures to some steps' reports (most add none)."""
    return has_map(ruleset_name) and map_renderer(ruleset_name).step_pictures is not no_pictures


def has_map(ruleset_name: str) -> bool:
    if not _RENDERERS:
        _register_builtin()
    return ruleset_name in _RENDERERS
