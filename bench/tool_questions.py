"""How well questions are matched to tools without a tool-calling model: hits, false runs, cost per call."""

import math
import re
import sys
import tempfile
import time
from datetime import datetime, timedelta

from graph.intent.detect import detect_tool_call
from graph.tools.calculator import evaluate_expression

REPETITIONS = 1_000


def _q(text: str, lang: str, kind: str, expected: str | None = None) -> dict:
    """One benchmark question; `expected` is the calculator's answer for arithmetic and percentages."""
    return {"text": text, "lang": lang, "kind": kind, "expected": expected}


QUESTIONS: list[dict] = [
    _q("What is 17 * 23?", "en", "arithmetic", "391"),
    _q("what is 12 times 7", "en", "arithmetic", "84"),
    _q("144 divided by 12", "en", "arithmetic", "12"),
    _q("2 to the power of 10", "en", "arithmetic", "1024"),
    _q("sqrt(2)+1", "en", "arithmetic", "2.414213562373095"),
    _q("(3+4)*5", "en", "arithmetic", "35"),
    _q("2+2=?", "en", "arithmetic", "4"),
    _q("How much is 1,234 + 5?", "en", "arithmetic", "1239"),
    _q("Calculate 9 − 4 × 2", "en", "arithmetic", "1"),
    _q("could you compute 81 ÷ 9 please", "en", "arithmetic", "9"),
    _q("what's 3 squared plus 4 squared?", "en", "arithmetic", "25"),
    _q("what is twelve times seven", "en", "arithmetic", "84"),
    _q("What's 15% of 80?", "en", "percentage", "12"),
    _q("what is 20 percent of 250", "en", "percentage", "50"),
    _q("17 곱하기 23 계산해줘", "ko", "arithmetic", "391"),
    _q("100 나누기 4는 얼마야", "ko", "arithmetic", "25"),
    _q("3 더하기 5", "ko", "arithmetic", "8"),
    _q("17 곱하기 23은 뭐야?", "ko", "arithmetic", "391"),
    _q("10 빼기 3은?", "ko", "arithmetic", "7"),
    _q("2의 10제곱은 얼마예요?", "ko", "arithmetic", "1024"),
    _q("80의 15%는 얼마야?", "ko", "percentage", "12"),
    _q("200의 5 퍼센트", "ko", "percentage", "10"),
    _q("计算 17 乘 23", "zh", "arithmetic", "391"),
    _q("17乘以23等于多少", "zh", "arithmetic", "391"),
    _q("100除以4", "zh", "arithmetic", "25"),
    _q("3加5", "zh", "arithmetic", "8"),
    _q("10减3等于几？", "zh", "arithmetic", "7"),
    _q("2的10次方是多少", "zh", "arithmetic", "1024"),
    _q("80的15%是多少", "zh", "percentage", "12"),
    _q("300的百分之20", "zh", "percentage", "60"),
    _q("what time is it", "en", "datetime"),
    _q("What's the time?", "en", "datetime"),
    _q("What is today's date?", "en", "datetime"),
    _q("what day is it today", "en", "datetime"),
    _q("what year is it?", "en", "datetime"),
    _q("Can you tell me the current date?", "en", "datetime"),
    _q("지금 몇 시야?", "ko", "datetime"),
    _q("오늘 날짜 알려줘", "ko", "datetime"),
    _q("오늘 며칠이야", "ko", "datetime"),
    _q("오늘 무슨 요일이에요?", "ko", "datetime"),
    _q("现在几点了？", "zh", "datetime"),
    _q("今天几号", "zh", "datetime"),
    _q("今天星期几？", "zh", "datetime"),
    _q("请问今天是几月几号", "zh", "datetime"),
    _q("I have 2 cats and 3 dogs", "en", "lookalike"),
    _q("my flight is at 7:30", "en", "lookalike"),
    _q("Python 3.13 features", "en", "lookalike"),
    _q("call me at 010-1234-5678", "en", "lookalike"),
    _q("the meeting is on 2024-05-01", "en", "lookalike"),
    _q("I was born in 1990", "en", "lookalike"),
    _q("it's 5 o'clock somewhere", "en", "lookalike"),
    _q("Turn 12: tell me more about the trip", "en", "lookalike"),
    _q("chapter 3-4", "en", "lookalike"),
    _q("what time did we agree on?", "en", "lookalike"),
    _q("the time I went to Paris", "en", "lookalike"),
    _q("우리 몇 시에 만나기로 했지?", "ko", "lookalike"),
    _q("방 번호는 101호야", "ko", "lookalike"),
    _q("3명이 2024-05-01에 왔어", "ko", "lookalike"),
    _q("我们几点见面？", "zh", "lookalike"),
    _q("我有3只猫和2只狗", "zh", "lookalike"),
    _q("版本 3.13 有什么新功能", "zh", "lookalike"),
    _q("is 2+2 equal to 4?", "en", "lookalike"),
    _q("a 4x4 truck", "en", "lookalike"),
    # written the way people type: greetings, politeness, the question inside a longer message, particles
    _q("Hello! What is 17 * 23?", "en", "arithmetic", "391"),
    _q("hi there, what's 12 times 7?", "en", "arithmetic", "84"),
    _q("Hey, quick question: what is 15% of 80?", "en", "percentage", "12"),
    _q("thanks! now what is 144 divided by 12", "en", "arithmetic", "12"),
    _q("Good morning. Could you calculate 250 * 4 for me?", "en", "arithmetic", "1000"),
    _q("ok so what's 2 to the power of 8?", "en", "arithmetic", "256"),
    _q("I'm splitting a bill. What is 96 / 4?", "en", "arithmetic", "24"),
    _q("Quick one - how much is 19 + 23?", "en", "arithmetic", "42"),
    _q("hey! what is 7 x 8", "en", "arithmetic", "56"),
    _q("Hello, what's the time now?", "en", "datetime"),
    _q("hi, what day is it today?", "en", "datetime"),
    _q("안녕하세요, 17 곱하기 23 계산해줘", "ko", "arithmetic", "391"),
    _q("안녕! 100 나누기 4는 얼마야?", "ko", "arithmetic", "25"),
    _q("저기요, 3 더하기 5 알려주세요", "ko", "arithmetic", "8"),
    _q("고마워요! 그럼 80의 15%는 얼마예요?", "ko", "percentage", "12"),
    _q("음, 2의 10제곱은 얼마야?", "ko", "arithmetic", "1024"),
    _q("안녕하세요! 지금 몇 시예요?", "ko", "datetime"),
    _q("감사합니다. 오늘 며칠이에요?", "ko", "datetime"),
    _q("你好，请计算 17 乘 23", "zh", "arithmetic", "391"),
    _q("您好！100除以4等于多少？", "zh", "arithmetic", "25"),
    _q("谢谢！3加5是多少？", "zh", "arithmetic", "8"),
    _q("嗨，2的10次方是多少", "zh", "arithmetic", "1024"),
    _q("你好，现在几点了？", "zh", "datetime"),
    _q("谢谢！今天几号？", "zh", "datetime"),
    _q("Hi! I need help: what is 1,200 + 350?", "en", "arithmetic", "1550"),
    _q("morning! calculate 9 − 4 × 2 please", "en", "arithmetic", "1"),
    _q("Thanks! I have 2 cats and 3 dogs.", "en", "lookalike"),
    _q("Hello! My flight is at 7:30 tomorrow.", "en", "lookalike"),
    _q("hi, I bought 3 apples, 2 pears and 5 plums.", "en", "lookalike"),
    _q("Hey! Is 2 + 2 really 4?", "en", "lookalike"),
    _q("ok, what time did the meeting start yesterday?", "en", "lookalike"),
    _q("Good morning! Version 3.13 is out.", "en", "lookalike"),
    _q("thanks, chapter 3-4 was great", "en", "lookalike"),
    _q("Hello, my number is 010-1234-5678.", "en", "lookalike"),
    _q("안녕하세요! 저는 1990년에 태어났어요.", "ko", "lookalike"),
    _q("고마워요, 우리 몇 시에 만나기로 했지?", "ko", "lookalike"),
    _q("안녕, 방 번호는 101호야", "ko", "lookalike"),
    _q("你好，我有3只猫和2只狗", "zh", "lookalike"),
    _q("谢谢，我们几点见面？", "zh", "lookalike"),
    _q("嗨，版本 3.13 有什么新功能？", "zh", "lookalike"),
]


def _correct(question: dict, call: dict | None) -> bool:
    """The right tool, and for the calculator an expression that evaluates to the expected answer."""
    if question["kind"] == "datetime":
        return call == {"name": "get_current_datetime", "args": {}}
    if call is None or call["name"] != "calculator":
        return False
    try:
        result = evaluate_expression(call["args"]["expression"])
    except ValueError:
        return False
    return math.isclose(result, float(question["expected"]), rel_tol=1e-9)


def intent_figures() -> dict:
    """Share of tool questions matched right, share of look-alikes that ran a tool, microseconds per call."""
    tool_questions = [q for q in QUESTIONS if q["kind"] != "lookalike"]
    lookalikes = [q for q in QUESTIONS if q["kind"] == "lookalike"]
    detected = sum(_correct(q, detect_tool_call(q["text"])) for q in tool_questions)
    false_triggers = sum(detect_tool_call(q["text"]) is not None for q in lookalikes)
    texts = [q["text"] for q in QUESTIONS]
    started = time.perf_counter()
    for _ in range(REPETITIONS):
        for text in texts:
            detect_tool_call(text)
    elapsed = time.perf_counter() - started
    return {
        "questions": len(QUESTIONS),
        "detected_share": detected / len(tool_questions),
        "false_trigger_share": false_triggers / len(lookalikes),
        "mean_microseconds_per_call": elapsed / (REPETITIONS * len(texts)) * 1e6,
    }


def reply_has_result(question: dict, reply: str, now: datetime) -> bool:
    """The correct result in the reply: the number (any thousands separators), or today's date or time."""
    if question["kind"] == "datetime":
        times = {(now + timedelta(minutes=delta)).strftime("%H:%M") for delta in (-1, 0, 1)}
        return now.strftime("%Y-%m-%d") in reply or any(time_ in reply for time_ in times)
    value = float(question["expected"])
    numbers = [float(n.replace(",", "")) for n in re.findall(r"-?\d[\d,]*(?:\.\d+)?", reply)]
    return any(math.isclose(n, value, rel_tol=1e-6) for n in numbers)


def bundled_figures() -> dict:
    """Every question to the bundled SmolLM2 through the session API, each in a new session."""
    from graph.engine import Settings, open_engine

    with tempfile.TemporaryDirectory() as folder:
        engine = open_engine(Settings(db_path=f"{folder}/tools.sqlite"))
        try:
            rows = []
            for index, question in enumerate(QUESTIONS):
                events = engine.session(f"q{index}").send(question["text"], language=question["lang"]).wait()
                reply = next((e.text for e in reversed(events) if e.kind == "reply"), "")
                ran_tool = any(e.kind == "tool" for e in events)
                lookalike = question["kind"] == "lookalike"
                ok = not lookalike and reply_has_result(question, reply, datetime.now().astimezone())
                rows.append((question, ran_tool, ok))
        finally:
            engine.close()
    tool_rows = [row for row in rows if row[0]["kind"] != "lookalike"]
    lookalike_rows = [row for row in rows if row[0]["kind"] == "lookalike"]
    return {
        "result_in_reply": sum(ok for _, _, ok in tool_rows) / len(tool_rows),
        "lookalike_tool_runs": sum(ran for _, ran, _ in lookalike_rows) / len(lookalike_rows),
        "misses": [q["text"] for q, _, ok in tool_rows if not ok],
    }


def main(argv: list[str] | None = None) -> None:
    """Print the figures, one per line; `--bundled` adds the figures with the bundled model answering."""
    argv = sys.argv[1:] if argv is None else argv
    figures = intent_figures()
    print(f"tool questions matched with the right tool and result: {figures['detected_share']:.1%}")
    print(f"look-alikes that wrongly ran a tool: {figures['false_trigger_share']:.1%}")
    print(f"mean time per call: {figures['mean_microseconds_per_call']:.1f} µs", end=" ")
    print(f"({figures['questions']} questions x {REPETITIONS:,})")
    if "--bundled" in argv:
        bundled = bundled_figures()
        print(f"bundled SmolLM2: correct result in the reply {bundled['result_in_reply']:.1%}; "
              f"look-alikes that ran a tool {bundled['lookalike_tool_runs']:.1%}")
        for text in bundled["misses"]:
            print(f"  missed: {text}")


if __name__ == "__main__":
    main()
