"""Every game, in every language: what a player reads is a sentence, never a Python value,
an internal id or an English fallback in a French campaign (issue 12).

Random games of each registered ruleset are played; at every step each pending prompt's
text and every choice label are read, and so is every event of the step (as the reports
render them) and, at the end, every text of the public map.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import LANGUAGES, catalogue, render
from bot.i18n.labels import choice_label
from bot.render.registry import has_map, map_renderer
from rulesets import registry
from rulesets.core import Event, Prompt, Ruleset, legal_prompts, start, submit
from rulesets.core.scene import Scene
from tests.i18n.sentence_rules import problems, untranslated_keys
from tests.random_play import random_action

# The mini game is a test fixture, not a game a player reads.
GAMES = [ruleset.name for ruleset in registry.all_rulesets() if ruleset.name != "mini"]
STEPS = 400
SEEDS = (1, 2)


def _texts_of_step(
    name: str, prompts: list[Prompt], events: list[Event], language: str
) -> list[tuple[str, str, str]]:
    """(where, key, text) for each prompt text, choice label and event of one step."""
    read: list[tuple[str, str, str]] = []
    for prompt in prompts:
        read.append(("prompt", prompt.text.key, render(prompt.text, language)))
        for choice in prompt.choices:
            key = choice.label.key if choice.label else f"{name}.action.{choice.kind}"
            read.append(("choice", key, choice_label(name, choice, language)))
    read += [("event", event.key, render(event, language)) for event in events]
    return read


def _scene_texts(scene: Scene) -> list[str]:
    texts = [scene.header.title, *scene.header.lines] if scene.header else []
    texts += [region.label for region in scene.regions] + [r.vp_text for r in scene.regions]
    texts += [style.name for style in scene.powers]
    for panel in scene.panels:
        texts += [panel.title, *panel.columns]
        texts += [value for row in panel.rows for value in row.values]
    texts += [entry.label for entry in scene.legend]
    return [text for text in texts if text]


def _play(
    ruleset: Ruleset[Any], seed: int, language: str
) -> tuple[list[tuple[str, str, str]], Any]:
    rng = random.Random(seed)
    seats = [spec.id for spec in ruleset.seat_pool()][: ruleset.min_players + seed % 2]
    outcome = start(ruleset, seats, {}, f"{seed:064x}")
    state = outcome.state
    read = _texts_of_step(ruleset.name, [], outcome.events, language)
    for _ in range(STEPS):
        prompts = legal_prompts(ruleset, state)
        if not prompts:
            break
        prompt = rng.choice(prompts)
        outcome = submit(ruleset, state, prompt.seat, random_action(prompt, rng))
        read += _texts_of_step(ruleset.name, prompts, outcome.events, language)
        state = outcome.state
    return read, state


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_every_text_a_player_reads_is_a_sentence(name: str, language: str) -> None:
    ruleset = registry.get(name)
    english_only = untranslated_keys(language)
    bad: dict[str, str] = {}
    for seed in SEEDS:
        read, state = _play(ruleset, seed, language)
        for where, key, text in read:
            found = problems(text, language)
            if key in english_only:
                found.append("no translation")
            if found and key not in bad:
                bad[key] = f"{where} {text!r}: {'; '.join(found)}"
        if has_map(name):
            scene = map_renderer(name).scene_from_view(ruleset.view(state, None), language)
            for text in _scene_texts(scene):
                found = problems(text, language)
                if found:
                    bad.setdefault(f"map:{text}", f"map label {text!r}: {'; '.join(found)}")
    assert not bad, f"{len(bad)} texts are not sentences:\n" + "\n".join(sorted(bad.values())[:40])


def test_a_name_means_the_same_thing_in_every_game() -> None:
    """Catalogues are merged, so two games giving one `name.<id>` two names would show the
    wrong one in one of them."""
    import json
    from pathlib import Path

    seen: dict[tuple[str, str], tuple[str, str]] = {}
    clashes: list[str] = []
    for folder in sorted(Path("rulesets").glob("*/locale")):
        for language in LANGUAGES:
            path = folder / f"{language}.json"
            if not path.exists():
                continue
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                earlier = seen.setdefault((language, key), (folder.parent.name, text))
                if earlier[1] != text:
                    game = folder.parent.name
                    clashes.append(
                        f"{key} ({language}): {earlier[0]} {earlier[1]!r}, {game} {text!r}"
                    )
    assert not clashes, "\n".join(clashes[:20])
    assert catalogue("en")
