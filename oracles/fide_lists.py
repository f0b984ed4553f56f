"""Small FIDE rating lists written in each published layout, at the columns the spec gives.

Nothing reads a real FIDE list: the tests write lists of their own players at the columns
of tests/data/spec/fide-rating-list.md (a copy of the project's page on the list), read
here from its tables and sentences, so the reader is checked against the published layouts,
not against itself.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"  # the copies the tests keep (tests/data/README.md)

SPEC = (DATA / "spec" / "fide-rating-list.md").read_text(encoding="utf-8")


def _layouts(spec: str) -> dict:
    """(column name, start) of each TXT layout, the line widths, the published header, the XML children."""
    header = re.search(r"Header, exactly: `([^`]+)`", spec).group(1)
    foa = []
    for name, start, _end in re.findall(r"^\| (ID Number|Name|Fed|Sex|Tit|WTit|OTit|FOA|B-day|Flag) \| (\d+)-(\d+) \|",
                                         spec, re.MULTILINE):
        foa.append([name, int(start)])
    for trio in re.findall(r"^\| (\w+) / (\w+) / (\w+) \| (\d+)-\d+ / (\d+)-\d+ / (\d+)-\d+ \|", spec, re.MULTILINE):
        foa += [[trio[0], int(trio[3])], [trio[1], int(trio[4])], [trio[2], int(trio[5])]]
    foa.sort(key=lambda c: c[1])
    until_otit = foa[:foa.index(["OTit", 94]) + 1]
    legacy_text = re.search(r"after OTit the starts are ([^.]+)\.", spec).group(1)
    legacy = until_otit + [[name, int(start)] for name, start in re.findall(r"([\w-]+) (\d+)", legacy_text)]
    single_text = re.search(r"the same through FOA, then (.+?) FIDE has changed", spec, re.DOTALL).group(1)
    single = until_otit + [["FOA", 109]]
    names = {"rating": "MONTH", "games": "Gms", "K": "K", "B-day": "B-day", "Flag": "Flag"}
    spans = re.findall(r"(rating|games|K|B-day|Flag)\s+(\d+)-(\d+)", single_text)
    single += [[names[name], int(start)] for name, start, _ in spans]
    children = re.search(r"children in this order:\s*(.+?) \(the year\), flag", spec, re.DOTALL).group(1)
    xml_children = [c.strip() for c in children.replace("\n", " ").split(",")] + ["flag"]
    def width(file: str) -> int:
        return int(re.search(rf"^\| `{file}`[^|]*\|[^|]+\| (\d+)", spec, re.MULTILINE).group(1))

    assert width("standard_rating_list.txt") == int(spans[-1][2])  # the spec's two statements agree
    return {"foa_header": header, "combined": foa, "legacy": legacy, "single": single,
            "combined_width": width("players_list_foa.txt"), "legacy_width": width("players_list.txt"),
            "single_width": width("standard_rating_list.txt"), "xml_children": xml_children}


LAYOUTS = _layouts(SPEC)

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
