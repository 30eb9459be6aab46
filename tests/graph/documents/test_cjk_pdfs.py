"""Korean and Chinese PDFs read back as written: a real Chromium PDF of each (Noto CJK fonts, maps to Unicode
that name radicals for some Chinese characters), and PDFs coded in the predefined Korean and Chinese CMaps older
word processors write, which pypdf alone reads as other syllables."""

from pathlib import Path

import pytest

from graph.documents.cjk_pdf import as_written
from graph.documents.reader import read_upload
from tests.fakes.pdfs import cjk_pdf

pytestmark = pytest.mark.unit

DATA = Path(__file__).parent / "data"
KOREAN = "연차 휴가는 15일입니다. 어머니 생신은 5월 3일이고 예산은 45만 원입니다."
CHINESE = "年假是十五天。妈妈的生日是5月3日，组长说预算是3500元。"


def test_a_korean_pdf_printed_by_chromium_reads_as_written():
    assert read_upload("휴가.pdf", (DATA / "korean_chromium.pdf").read_bytes()).strip() == KOREAN


def test_a_chinese_pdf_printed_by_chromium_reads_as_written_not_as_radicals():
    text = read_upload("年假.pdf", (DATA / "chinese_chromium.pdf").read_bytes()).strip()
    assert text == CHINESE  # pypdf alone gives "⼗五天", "⽣⽇", "组⻓"


@pytest.mark.parametrize(("cmap", "codec", "font", "ordering", "text"), [
    ("KSCms-UHC-H", "cp949", "HYSMyeongJo-Medium", "Korea1", "안녕하세요 연차 휴가는 15일입니다"),
    ("KSC-EUC-H", "euc_kr", "HYGoThic-Medium", "Korea1", "어머니 생신은 5월 3일입니다"),
    ("GBK-EUC-H", "gbk", "STSong-Light", "GB1", "年假是十五天，预算是3500元"),
    ("B5pc-H", "big5", "MSung-Light", "CNS1", "年假是十五天，預算是3500元"),
])
def test_a_pdf_in_a_predefined_cjk_cmap_reads_as_written(cmap, codec, font, ordering, text):
    assert read_upload("old.pdf", cjk_pdf(text, cmap, codec, font, ordering)).strip() == text


def test_radicals_become_their_characters_and_nothing_else_changes():
    assert as_written("⽣⽇ 组⻓ ⻔⼝ ，。！") == "生日 组长 门口 ，。！"
    assert as_written(KOREAN) == KOREAN
