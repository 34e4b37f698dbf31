"""Discord's size limits, applied before sending: a long message is split, a long field
shortened, so that Discord never refuses a message for its size.

Limits (Discord API): content 2,000 characters; an embed's title 256, description 4,096,
25 fields of name 256 and value 1,024, footer 2,048, author name 256, and 6,000 characters
in all the embeds of one message; 10 embeds a message.
"""

from __future__ import annotations

import discord

CONTENT_LIMIT = 2000
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELDS_LIMIT = 25
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
AUTHOR_LIMIT = 256
EMBEDS_TOTAL_LIMIT = 6000
EMBEDS_PER_MESSAGE = 10
ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def clip_words(text: str, limit: int) -> str:
    """`text` cut at a word's end to fit `limit`, with an ellipsis: never "d'in" for
    "d'instabilité" on a button."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:(") + ELLIPSIS


def split_text(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut at line ends where possible."""
    pieces: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = limit
        pieces.append(text[:cut])
        text = text[cut:].lstrip("\n")
    if text or not pieces:
        pieces.append(text)
    return pieces


def embed_size(embed: discord.Embed) -> int:
    return len(embed)


def _fitted_fields(embed: discord.Embed) -> list[tuple[str, str, bool]]:
    return [
        (
            clip(field.name or "-", FIELD_NAME_LIMIT),
            clip(field.value or "-", FIELD_VALUE_LIMIT),
            bool(field.inline),
        )
        for field in embed.fields
    ]


def fit_embed(embed: discord.Embed) -> list[discord.Embed]:
    """One embed as one or more within every per-embed limit: a long description goes on in
    continuation embeds, fields beyond 25 in further ones; nothing is lost but clipped values."""
    title = clip(embed.title, TITLE_LIMIT) if embed.title else None
    descriptions = split_text(embed.description or "", DESCRIPTION_LIMIT)
    fields = _fitted_fields(embed)
    parts: list[discord.Embed] = []
    for number, description in enumerate(descriptions):
        part = discord.Embed(
            title=title if number == 0 else None,
            description=description or None,
            colour=embed.colour,
        )
        parts.append(part)
    if embed.image and embed.image.url:
        parts[0].set_image(url=embed.image.url)
    if embed.footer and embed.footer.text:
        parts[-1].set_footer(text=clip(embed.footer.text, FOOTER_LIMIT))
    if embed.author and embed.author.name:
        parts[0].set_author(name=clip(embed.author.name, AUTHOR_LIMIT))
    holder = parts[-1]
    for name, value, inline in fields:
        if len(holder.fields) == FIELDS_LIMIT or len(holder) + len(name) + len(value) > (
            EMBEDS_TOTAL_LIMIT
        ):
            holder = discord.Embed(colour=embed.colour)
            parts.append(holder)
        holder.add_field(name=name, value=value, inline=inline)
    return [_within_total(part) for part in parts]


def _within_total(embed: discord.Embed) -> discord.Embed:
    """An embed alone over 6,000 characters (a long title, description and footer) has its
    description shortened."""
    excess = len(embed) - EMBEDS_TOTAL_LIMIT
    if excess > 0 and embed.description:
        embed.description = clip(embed.description, max(1, len(embed.description) - excess))
    return embed


def fit_message(content: str, embeds: list[discord.Embed]) -> list[tuple[str, list[discord.Embed]]]:
    """The messages to send for `content` and `embeds`, each within Discord's limits, in
    reading order: the text first (in pieces), then the embeds, packed."""
    chunks = split_text(content, CONTENT_LIMIT) if content else [""]
    messages: list[tuple[str, list[discord.Embed]]] = [(chunk, []) for chunk in chunks[:-1]]
    text, size = chunks[-1], 0
    packed: list[discord.Embed] = []
    for embed in (part for whole in embeds for part in fit_embed(whole)):
        if packed and (len(packed) == EMBEDS_PER_MESSAGE or size + len(embed) > EMBEDS_TOTAL_LIMIT):
            messages.append((text, packed))
            text, size = "", 0
            packed = []
        packed.append(embed)
        size += len(embed)
    if text or packed:
        messages.append((text, packed))
    return messages
