#!/usr/bin/env python3
"""The translation catalogues: extract the marked sentences, bring each language's file up to date,
compile, and check.

    .venv/bin/python scripts/catalogues.py update     # every marked sentence into each .po (new ones empty)
    .venv/bin/python scripts/catalogues.py compile    # each .po into the .mo the app reads
    .venv/bin/python scripts/catalogues.py check      # what a translator still has to do; exit 1 if anything
    .venv/bin/python scripts/catalogues.py todo fr    # the sentences fr has not translated yet (JSON)
    .venv/bin/python scripts/catalogues.py fill fr F  # translations from the JSON file F into fr's .po

``todo`` writes, and ``fill`` reads, one JSON object: the sentence (``"context\u0004sentence"`` where it
has a context) -> its translation (a list, one form each, for a sentence with a plural).

The sentences are found where they are written (engine/, swisstui/ and the page templates) by Babel's
extractors: ``_``, ``N_``, ``ngettext``, ``pgettext``, ``NC_`` (a constant with a context). Each
``.po`` is written sorted by sentence and without source lines, so that two changes adding sentences
touch different lines of it and a moved sentence does not change the file. docs/languages.md says how to
add a language.
"""

from __future__ import annotations

import datetime
import gettext
import io
import json
import re
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "swisstui" / "locale"
DOMAIN = "swisstui"
LANGUAGES = ("fr", "de", "es")
KEYWORDS = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}
METHODS = [("**/templates/**.html", "jinja2.ext:babel_extract"), ("**.py", "python")]
OPTIONS = {"**/templates/**.html": {"trimmed": "true", "extensions": "jinja2.ext.i18n"}}
SOURCES = ("engine", "swisstui")


def template() -> Catalog:
    """Every marked sentence of the program, once (with the context it is looked up in)."""
    catalog = Catalog(domain=DOMAIN, project="swisstui", charset="utf-8")
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / source, METHODS, options_map=OPTIONS, keywords=KEYWORDS, comment_tags=("Translators:",),
                strip_comment_tags=True):
            catalog.add(message, None, [(f"{source}/{filename}", lineno)], auto_comments=comments,
                        context=context)
    return catalog


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


STEADY = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
"""The header's dates: Babel writes the time of the run, which would change the .mo at every compile."""


def read(code: str) -> Catalog:
    path = po_path(code)
    if not path.exists():
        catalog = Catalog(locale=code, domain=DOMAIN, project="swisstui", charset="utf-8")
    else:
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=code, domain=DOMAIN)
    catalog.creation_date = catalog.revision_date = STEADY
    return catalog


NAMES = {"fr": "French", "de": "German", "es": "Spanish"}


def write(code: str, catalog: Catalog) -> None:
    catalog.project, catalog.version, catalog.fuzzy = "swisstui", "", False
    catalog.copyright_holder, catalog.msgid_bugs_address = "the swisstui authors", ""
    catalog.last_translator, catalog.language_team = "", f"{NAMES.get(code, code)} ({code})"
    catalog.header_comment = (f"# swisstui's {NAMES.get(code, code)} catalogue: the words of the screens and of the "
                              f"published pages.\n# Edited by hand; scripts/catalogues.py update adds new sentences "
                              f"and compile writes the .mo\n# the app reads (docs/languages.md).")
    out = io.BytesIO()
    write_po(out, catalog, width=0, no_location=True, omit_header=False, sort_output=True,
             ignore_obsolete=True, include_previous=False)
    text = re.sub(rb'"POT-Creation-Date: [^"]*\\n"\n', b"", out.getvalue())  # unchanged file, unchanged bytes
    text = re.sub(rb'"PO-Revision-Date: [^"]*\\n"\n', b"", text)
    text = re.sub(rb'"Generated-By: [^"]*\\n"\n', b"", text)  # the same file whatever Babel wrote it
    path = po_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


def update() -> None:
    tmpl = template()
    for code in LANGUAGES:
        catalog = read(code)
        catalog.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
        for message in catalog:
            message.locations = []
        write(code, catalog)


def compile_all() -> None:
    for code in LANGUAGES:
        with po_path(code).with_suffix(".mo").open("wb") as handle:
            write_mo(handle, read(code), use_fuzzy=False)


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a sentence (a translation must keep each, in any order)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def _messages(mo: bytes) -> dict:
    """The translations a .mo holds, its header left out (Babel writes its own version there)."""
    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    catalog.pop("", None)
    return catalog


def _key(message) -> tuple:
    return (message.id if isinstance(message.id, str) else tuple(message.id), message.context)


def problems() -> list[str]:
    """What keeps the catalogues from being complete: every line names the language and the sentence."""
    tmpl = template()
    wanted = {_key(m) for m in tmpl if m.id}
    found: list[str] = []
    for code in LANGUAGES:
        catalog = read(code)
        have = {_key(m): m for m in catalog if m.id}
        for key in sorted(wanted - have.keys(), key=str):
            found.append(f"{code}: missing {key[0]!r}" + (f" (context {key[1]!r})" if key[1] else ""))
        for key in sorted(have.keys() - wanted, key=str):
            found.append(f"{code}: {key[0]!r} is no longer in the program (run update)")
        for key, message in sorted(have.items(), key=lambda item: str(item[0])):
            if key not in wanted:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strs = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy:
                found.append(f"{code}: {ids[0]!r} is marked fuzzy")
            if not all(strs):
                found.append(f"{code}: {ids[0]!r} is not translated")
                continue
            for text in strs:
                if fields(text) != fields(ids[-1]) and fields(text) != fields(ids[0]):
                    found.append(f"{code}: {ids[0]!r} -> {text!r}: the fields differ")
        mo = po_path(code).with_suffix(".mo")
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        if not mo.exists() or _messages(mo.read_bytes()) != _messages(compiled.getvalue()):
            found.append(f"{code}: {mo.name} is not the compiled {po_path(code).name} (run compile)")
    return found


def _json_key(message) -> str:
    first = message.id[0] if isinstance(message.id, tuple) else message.id
    return f"{message.context}\u0004{first}" if message.context else first


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) if found else "every catalogue holds every sentence, translated")
        return 1 if found else 0
    elif command == "todo":
        catalog = read(argv[1])
        todo = {}
        for message in catalog:
            done = all(message.string) if isinstance(message.string, tuple) else message.string
            if message.id and not done:
                todo[_json_key(message)] = list(message.id) if isinstance(message.id, tuple) else ""
        print(json.dumps(todo, ensure_ascii=False, indent=1))
    elif command == "fill":
        code, given = argv[1], json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        catalog = read(code)
        by_key = {_json_key(m): m for m in catalog if m.id}
        unknown = [key for key in given if key not in by_key]
        for key, text in given.items():
            if key in by_key and text:
                by_key[key].string = tuple(text) if isinstance(text, list) else text
        write(code, catalog)
        if unknown:
            print("not in the catalogue (run update first?): " + "; ".join(map(repr, unknown)))
            return 1
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
