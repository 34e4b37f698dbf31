"""The map's words as plain text: the panels, who must act and what changed, for a message
beside the map (a phone reads them there at full size).

On a phone the panels' figures are easier to read as text in the message than as pixels,
so a caller may draw the map without its panels and send these lines with it instead.
"""

from __future__ import annotations

from bot.render.changes import render_text
from rulesets.core.scene import Panel, PanelRow, Scene


def _row_text(panel: Panel, row: PanelRow, scene: Scene) -> str:
    colon = render_text(scene.language)["colon"]
    if row.power is not None:
        style = scene.style_of(row.power)
        head, columns = f"{style.name} ({style.letter})", panel.columns[1:]
    else:
        head, columns = "", panel.columns
    values = list(row.values)
    if panel.style == "list" or not columns:
        return f"{head}{colon}{', '.join(values)}" if head else ", ".join(values)
    if not head:
        head, values, columns = values[0], values[1:], columns[1:]
    cells = [f"{column} {value}" for column, value in zip(columns, values, strict=False)]
    return f"{head}{colon}{' · '.join(cells)}"


def panels_as_text(scene: Scene) -> list[tuple[str, str]]:
    """Each panel as (title, its rows one per line), in the scene's language."""
    return [
        (panel.title, "\n".join(_row_text(panel, row, scene) for row in panel.rows))
        for panel in scene.panels
        if panel.rows
    ]


def story_lines(scene: Scene) -> list[str]:
    """Who must act and what just changed, as the map's banner and "Last:" line say it: for
    the message text, which a phone shows at full size when the picture is a thumbnail."""
    lines: list[str] = []
    if scene.banner is not None:
        lines += [scene.banner.text, *scene.banner.details]
    if scene.changes is not None and scene.changes.last:
        lines.append(scene.changes.last)
    return lines
