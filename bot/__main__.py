"""`python -m bot` runs the Discord bot; `python -m bot console` opens a local table;
`verify`, `import`, `backup`, `versions` and `check` are the tools of `bot.console.verify`;
`store copy` moves the campaigns to another database (`bot.console.store`).

Whatever the command, a damaged database ends it with one sentence naming the backup to
restore (`bot.storage.integrity`) and exit status 1."""

from __future__ import annotations

import importlib
import sys

from pydantic import ValidationError

NO_TOKEN = (
    "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env (see .env.example)"
    " or in the environment, or try a game locally without Discord with `make console`."
)
USAGE = (
    "usage: python -m bot [console [--help] | verify EXPORT.json | import EXPORT.json"
    " | backup | versions | check | store copy --from PATH_OR_URL --to PATH_OR_URL]"
)


def main(argv: list[str] | None = None) -> int:
    from bot.storage import DamagedDatabase

    try:
        return _run(sys.argv[1:] if argv is None else argv)
    except DamagedDatabase as refusal:
        print(refusal.sentence(), file=sys.stderr)
        return 1


def _run(args: list[str]) -> int:
    if args[:1] == ["console"]:
        from bot.console import main as console_main

        return console_main(args[1:])
    if args[:1] == ["store"]:
        from bot.console.store import main as store_main

        return store_main(args[1:])
    if args[:1] in (["verify"], ["import"], ["backup"], ["versions"], ["check"]):
        from bot.console.verify import main as trust_main

        return trust_main(args)
    if args:
        print(USAGE, file=sys.stderr)
        return 0 if args[0] in ("-h", "--help") else 2
    return run_discord()


def run_discord() -> int:
    from bot.config import Settings, describe_settings_error
    from bot.logging_setup import configure_logging

    try:
        settings = Settings()
    except ValidationError as error:
        print(describe_settings_error(error), file=sys.stderr)
        return 2
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        adapter = importlib.import_module("bot.discord")
    except ModuleNotFoundError as error:
        if error.name not in ("bot.discord", "discord"):
            raise
        print("The Discord adapter (bot/discord) is not available here.", file=sys.stderr)
        return 1
    adapter.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
