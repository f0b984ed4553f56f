"""Parsing by sections (store.parse) gives what tomllib gives for the whole text, or hands the text to tomllib."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from swisstui import store
from swisstui.store import parse

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


def whole(text: str):
    return tomllib.loads(text, parse_float=Decimal)


@pytest.fixture(autouse=True)
def split_every_text(monkeypatch):
    monkeypatch.setattr(parse, "SMALL", 0)


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_samples_parse_to_what_tomllib_gives(path):
    text = path.read_text(encoding="utf-8")
    assert parse.parse(text) == whole(text)
    assert parse.parse(text) == whole(text)  # from the kept sections the second time
    assert list(parse.parse(text)) == list(whole(text))


HEAD = 'schema = 1\n[event]\nname = "x"\nrevision = 1\n[settings]\nrounds = 3\n'
PLAYER = '\n[[players]]\nid = {n}\nname = "P{n}"\n'

SAME = {
    "array sub-tables": HEAD + PLAYER.format(n=1) + '\n[[rounds]]\nnumber = 1\n[[rounds.changes]]\nkind = "other"\n'
                        'reason = "r"\n[rounds.byes]\n1 = "half"\n',
    "header with spaces": HEAD + "[[ players ]]\nid = 1\nname = \"a\"\n" + PLAYER.format(n=2),
    "a table after the players": HEAD + PLAYER.format(n=1) + "[event.extra]\nx = 1\n",
    "headers inside a string": HEAD + 'x = """\n[[players]]\nid = 9\n"""\n' + PLAYER.format(n=1),
    "headers inside an array": HEAD + "x = [\n[[1]],\n]\n" + PLAYER.format(n=1),
    "players as an inline array": 'players = [{id = 1}]\n' + HEAD,
    "crlf line ends": (HEAD + PLAYER.format(n=1) + PLAYER.format(n=2)).replace("\n", "\r\n"),
    "a comment after the header": HEAD + "[[players]] # first\nid = 1\n" + PLAYER.format(n=2),
}


@pytest.mark.parametrize("text", SAME.values(), ids=SAME.keys())
def test_texts_that_sections_alone_would_misread_parse_as_tomllib_parses_them(text):
    assert parse.parse(text) == whole(text)


BROKEN = {
    "players after an inline players array": 'players = [{id = 1}]\n' + HEAD + PLAYER.format(n=2),
    "a table redefined after the players": HEAD + PLAYER.format(n=1) + "[settings]\nrounds = 4\n",
    "an unterminated string across a header": HEAD + 'x = """\n' + PLAYER.format(n=1),
    "the same key twice in one player": HEAD + PLAYER.format(n=1) + "id = 2\n",
}


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_what_tomllib_refuses_is_refused_with_its_message(text):
    with pytest.raises(tomllib.TOMLDecodeError) as expected:
        whole(text)
    with pytest.raises(tomllib.TOMLDecodeError) as got:
        parse.parse(text)
    assert str(got.value) == str(expected.value)


def test_the_parsed_data_is_shared_but_loading_hands_out_new_events():
    text = (SAMPLES / "weekend-open.toml").read_text(encoding="utf-8")
    first, second = store.loads(text), store.loads(text)
    first.players[0].name = "Changed"
    first.rounds[0].boards[0].result = "0-1"
    assert second.players[0].name != "Changed" and store.loads(text) == second
