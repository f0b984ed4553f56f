"""Small FIDE rating lists written in each published layout (tests/data/fide_list/layouts.json).

Nothing reads a real FIDE list: the tests (and benchmarks/ratings_import.py) write lists of
their own players at the columns FIDE's files use, so the reader is checked against the
layouts, not against itself.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

LAYOUTS = json.loads((Path(__file__).parent / "data" / "fide_list" / "layouts.json").read_text(encoding="utf-8"))

# Each header name's key in a player dict.
KEYS = {
    "ID Number": "id", "Name": "name", "Fed": "fed", "Sex": "sex", "Tit": "tit", "WTit": "wtit", "OTit": "otit",
    "FOA": "foa", "SRtng": "s", "SGm": "sgm", "SK": "sk", "RRtng": "r", "RGm": "rgm", "Rk": "rk", "BRtng": "b",
    "BGm": "bgm", "BK": "bk", "B-day": "bday", "Flag": "flag",
}
DEFAULTS = {"fed": "", "sex": "M", "tit": "", "wtit": "", "otit": "", "foa": "", "s": 0, "sgm": 0, "sk": 0, "r": 0,
            "rgm": 0, "rk": 0, "b": 0, "bgm": 0, "bk": 0, "bday": 0, "flag": ""}

PLAYERS = [
    dict(id=1503014, name="Carlsen, Magnus", fed="NOR", tit="GM", s=2831, sgm=9, sk=10, r=2823, rgm=14, rk=20,
         b=2886, bgm=21, bk=20, bday=1990),
    dict(id=13300474, name="Muzychuk, Mariya", fed="UKR", sex="F", tit="GM", wtit="WGM", s=2501, sk=10, r=2420,
         rk=20, b=2450, bk=20, bday=1992, flag="w"),
    dict(id=623539, name="Vachier-Lagrave, Maxime", fed="FRA", tit="GM", s=2731, sk=10, r=2750, rk=20, b=2790,
         bk=20, bday=1990),
    dict(id=24116068, name="Špaček, Sébastien", fed="CZE", tit="FM", otit="FA,NA", s=2210, sgm=3, sk=20, bday=2001),
    dict(id=34100001, name="Carlsson, Mia", fed="SWE", sex="F", wtit="WFM", s=1985, sk=20, r=1900, rk=20,
         bday=2008, flag="wi"),
    dict(id=45000012, name="Okafor, Ngozi", fed="NGR", sex="F", bday=0, flag="w"),  # unrated everywhere
]


def line(player: dict, columns: list, width: int, month: str = "", kind: str = "s") -> str:
    """One player's line: each value written left-aligned from its column's start."""
    values = {**DEFAULTS, **player}
    out = ""
    for i, (name, start) in enumerate(columns):
        end = columns[i + 1][1] if i + 1 < len(columns) else width
        if name == "MONTH":
            key = kind
        elif name in ("Gms", "K"):
            key = kind + ("gm" if name == "Gms" else "k")
        else:
            key = KEYS[name]
        text = str(values[key])
        assert len(out) <= start, f"{name}: the value before it runs into column {start}"
        out = out.ljust(start) + text[: end - start]
    return out.ljust(width)


def header(columns: list, month: str = "OCT26") -> str:
    out = ""
    for name, start in columns:
        out = out.ljust(start) + (month if name == "MONTH" else name)
    return out


def txt(layout: str, players: list[dict] = PLAYERS, *, month: str = "OCT26", kind: str = "s",
        columns: list | None = None, extra: dict[int, str] | None = None) -> str:
    """A TXT list in ``layout`` (combined, legacy, single); ``extra`` puts raw lines after player N."""
    columns = columns or LAYOUTS[layout]
    width = columns[-1][1] + (len(month) if columns[-1][0] == "MONTH" else 4)
    lines = [header(columns, month)]
    for i, p in enumerate(players):
        lines.append(line(p, columns, width, month, kind))
        if extra and i in extra:
            lines.append(extra[i])
    return "\r\n".join(lines) + "\r\n"


def xml(players: list[dict] = PLAYERS, extra: dict[int, str] | None = None) -> str:
    """The XML list: ``<playerslist>`` of ``<player>`` elements, no declaration, as FIDE writes it."""
    order = LAYOUTS["xml_children"]
    keys = dict(zip(order, ["id", "name", "fed", "sex", "tit", "wtit", "otit", "foa", "s", "sgm", "sk", "r", "rgm",
                            "rk", "b", "bgm", "bk", "bday", "flag"]))
    out = ["<playerslist>"]
    for i, p in enumerate(players):
        values = {**DEFAULTS, **p}
        out.append("<player>" + "".join(f"<{tag}>{escape(str(values[key]))}</{tag}>" if str(values[key]) else
                                        f"<{tag}></{tag}>" for tag, key in keys.items()) + "</player>")
        if extra and i in extra:
            out.append(extra[i])
    out.append("</playerslist>")
    return "\n".join(out) + "\n"


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


def write_zip(path: Path, member: str, text: str) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(member, text.encode("utf-8"))
    return path
