"""What a 400 KB paste costs a turn now that it is indexed whole: the seconds its words take to read (the record
and every piece, as recall's index reads them), the seconds storing it takes (`recall_add`, pieces and their
full-text index), and the search that finds a code said on line 6,000, in English, Korean and Chinese, on SQLite and,
with `--postgres`, on a throwaway PostgreSQL server; and the seconds a 240 KB paste of combining marks takes to be
cleaned as it enters (it took seconds, quadratic in the run's length, before the normaliser was made stream-safe).

    python -m bench.paste_cost [--kilobytes 400] [--postgres]
"""

import argparse
import time

from langchain_core.messages import AIMessage, HumanMessage

from bench.search_cost import each_storage
from graph.recall.records import turn_pieces, turn_record
from graph.request.words import search_words
from graph.session.inputs import clean_user_text
from graph.storage.base import Storage
from graph.storage.shared.common import record_body
from state.words import index_text

CODE = "ZEBRAQUOKKA7731"
CODE_LINE = 6000
LINES = {"en": "the deploy finished without errors on node {n}", "ko": "서버 {n}번 배포가 오류 없이 끝났어요",
         "zh": "第{n}号服务器部署顺利完成没有报错"}
MARKS = "\u0301\u0316"  # two combining marks out of canonical order


def paste(language: str, kilobytes: int, code_line: int = CODE_LINE) -> str:
    """Lines of `language` up to `kilobytes` of UTF-8, the code on line `code_line`."""
    lines, size, number = [], 0, 0
    while size < kilobytes * 1000:
        number += 1
        line = f"deploy key {CODE}" if number == code_line else LINES[language].format(n=number)
        lines.append(line)
        size += len(line.encode()) + 1
    return "\n".join(lines)


def store(storage: Storage, session: str, text: str) -> tuple[float, float, int]:
    """Seconds to read the paste's words (record and pieces), seconds to store it, how many pieces."""
    turn = [HumanMessage(text), AIMessage("Got it.")]
    started = time.perf_counter()
    record, pieces = turn_record(1, "2026-01-01", turn), turn_pieces(turn)
    for piece in [record_body(record), *pieces]:
        index_text(piece)
    read = time.perf_counter() - started
    started = time.perf_counter()
    storage.recall_add(session, 1, "2026-01-01", record, 500, None, pieces)
    return read, time.perf_counter() - started, len(pieces)


def searched(storage: Storage, session: str) -> tuple[float, float, bool]:
    """Milliseconds of recall's search and of the search across chats for the code, and whether both found it."""
    started = time.perf_counter()
    recalled = storage.recall_search(session, search_words(CODE), 99, 5)
    middle = time.perf_counter()
    hits = storage.search_turns(search_words(CODE), 20)
    ended = time.perf_counter()
    found = [turn for turn, *_ in recalled] == [1] and any(hit["session_id"] == session for hit in hits)
    return (middle - started) * 1000, (ended - middle) * 1000, found


def run(name: str, storage: Storage, kilobytes: int) -> None:
    """One row per language."""
    print(f"\n{name}: a {kilobytes} KB paste, the code on line {CODE_LINE:,}\n")
    print("| language | pieces | words read s | stored s | recall search ms | search across chats ms | found |")
    print("|---|---|---|---|---|---|---|")
    for language in LINES:
        text = f"{name} log\n{paste(language, kilobytes)}"  # each backend's pieces its own: no words read from cache
        read, stored, pieces = store(storage, language, text)
        recall_ms, search_ms, found = searched(storage, language)
        print(f"| {language} | {pieces} | {read:.2f} | {stored:.2f} | {recall_ms:.1f} | {search_ms:.1f} | "
              f"{'yes' if found else 'NO'} |", flush=True)


def marks_cost(kilobytes: int) -> None:
    """Seconds to clean a paste of combining marks as it enters, at the size and at four times it."""
    for size in (kilobytes * 1000, kilobytes * 4000):
        started = time.perf_counter()
        clean_user_text("a" + MARKS * (size // 2))
        print(f"A paste of {size // 1000:,} K combining marks cleaned in {time.perf_counter() - started:.2f} s")


def main(argv: list[str] | None = None) -> None:
    """The paste's cost on SQLite and, with `--postgres`, on PostgreSQL; the combining marks' cost."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kilobytes", type=int, default=400, help="the paste's size")
    parser.add_argument("--postgres", action="store_true", help="also on a throwaway PostgreSQL server")
    args = parser.parse_args(argv)
    marks_cost(240)
    for name, storage in each_storage(args.postgres):
        run(name, storage, args.kilobytes)


if __name__ == "__main__":
    main()
