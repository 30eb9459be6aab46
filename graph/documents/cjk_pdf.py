"""Korean and Chinese text out of a PDF as it was written. Two things garble it otherwise:

- A PDF whose font uses one of the standard Korean CMaps (`KSCms-UHC-H`, `KSC-EUC-H`, …: older Korean word
  processors write them, with a font the reader supplies) keeps its text in the Korean code page; pypdf knows
  the Chinese and Japanese ones but not these, reads the bytes as UTF-16 and gives other syllables ("어먀 새훌").
  The codec of each is added to pypdf's table (`pypdf._cmap._predefined_cmap`, reached here only).
- A font's map to Unicode may name a radical instead of the character of the same shape (Chromium's PDFs of
  Noto CJK: "⽣⽇" for "生日", "组⻓" for "组长"); the characters are put back.
"""

import re
import unicodedata

# Adobe's predefined CMaps (Adobe-Korea1 and a few others) and the codec of their character codes.
CMAP_CODECS = {
    "/KSC-EUC-H": "euc_kr", "/KSC-EUC-V": "euc_kr", "/KSCpc-EUC-H": "cp949", "/KSCpc-EUC-V": "cp949",
    "/KSCms-UHC-H": "cp949", "/KSCms-UHC-V": "cp949", "/KSCms-UHC-HW-H": "cp949", "/KSCms-UHC-HW-V": "cp949",
    "/UniKS-UTF16-H": "utf-16-be", "/UniKS-UTF16-V": "utf-16-be",
    "/B5pc-H": "big5", "/B5pc-V": "big5", "/HKscs-B5-H": "big5hkscs", "/HKscs-B5-V": "big5hkscs",
    "/EUC-H": "euc_jp", "/EUC-V": "euc_jp", "/RKSJ-H": "shift_jis", "/RKSJ-V": "shift_jis",
}
# Radicals of the CJK Radicals Supplement that are whole characters, and those characters (the Kangxi Radicals
# block needs no table: Unicode's compatibility mapping gives each one's character).
RADICAL_CHARACTERS = str.maketrans(
    "⺟⻅⻆⻉⻋⻓⻔⻙⻚⻛⻜⻢⻥⻦⻧⻨⻩⻪⻫⻬⻭⻮⻯⻰⻲⻳",
    "母见角贝车长门韦页风飞马鱼鸟卤麦黄黾斉齐歯齿竜龙亀龟")
KANGXI_RADICALS = re.compile("[\u2f00-\u2fd5]")


def register_cjk_cmaps() -> None:
    """Teach pypdf the codecs of the CJK CMaps it lacks (once is enough; again is harmless)."""
    from pypdf import _cmap  # only PDFs pay for importing it

    for cmap, codec in CMAP_CODECS.items():
        _cmap._predefined_cmap.setdefault(cmap, codec)


def as_written(text: str) -> str:
    """The text with each radical a font map named put back as its character."""
    text = KANGXI_RADICALS.sub(lambda radical: unicodedata.normalize("NFKC", radical.group()), text)
    return text.translate(RADICAL_CHARACTERS)
