"""Tools run bounded: worst-case calculator times on adversarial input, and other threads keep running meanwhile."""

import contextlib
import gc
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator

from langchain_core.messages import AIMessage
from langchain_core.tools import tool
from langgraph.graph import START, MessagesState, StateGraph

from graph.nodes.tools import make_tool_node
from graph.tools.calculator import MAX_EXPRESSION_CHARS, CalculatorError, evaluate_expression
from graph.tools.catalog import calculator

REPETITIONS = 20
NORMAL = "(1234 * 5678 + sqrt(2)) / 7"
UNBOUNDED_ROUND = 10**6  # ndigits for plain Python's round(5, -n), the defect the calculator now refuses

ADVERSARIAL: list[tuple[str, str]] = [
    ("the reported defect", "round(5, -20000000)"),
    ("round at its digit limit", "round(2**13999, -4215)"),
    ("tower of powers", "9**9**9**9"),
    ("huge exponent on 1", "1**(10**400)"),
    ("float from a huge int", "2.0**(10**400)"),
    ("product past the size limit", "2**7000 * 2**7001"),
    ("float to int, then powers", "floor(1e308)**13 * floor(1e308)**2"),
    ("factorial past its limit", "factorial(100000)"),
    ("20 quadratic gcds", "+".join(["gcd(3**8830,7**4986)"] * 20)),
    ("31 factorials at the limit", "+".join(["factorial(1000)"] * 31)),
    ("40 powers at the size limit", "+".join(["2**13999%3"] * 40)),
    ("divisions of big ints", "+".join(["3**8800//(7**2490+1)%(5**3000)"] * 13)),
    ("max of 55 big ints", "max(" + ",".join(["2**13999"] * 55) + ")"),
    ("hypot of 62 floats", "hypot(" + ",".join(["1e308"] * 62) + ")"),
    ("log of a big int", "log(2**13999) + log10(3**8800) + log2(7**4986)"),
    ("499 minus signs", "-" * 499 + "1"),
    ("sum of 199 terms", "+".join(["1"] * 199)),
    ("99 nested calls", "abs(" * 99 + "1" + ")" * 99),
    ("249 nested parentheses", "(" * 249 + "1" + ")" * 249),
    ("500-digit literal", "9" * MAX_EXPRESSION_CHARS),
    ("printing the largest result", "2**13999"),
    ("complex root", "(-8)**(1/3)"),
]


def _outcome(expression: str) -> str:
    """What the calculator tool answers, printed as the tool would print it."""
    try:
        return f"{len(str(evaluate_expression(expression)))} characters"
    except CalculatorError as error:
        return f"refused: {error}"


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the garbage collector: a full collection of the process's heap is no cost of an expression."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def milliseconds(expression: str) -> tuple[float, float]:
    """The median and the slowest of a few runs, evaluation and printing included."""
    times = []
    with gc_paused():
        for _ in range(REPETITIONS):
            started = time.perf_counter()
            _outcome(expression)
            times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, max(times) * 1000


def ticker_gaps(work: Callable[[], object]) -> tuple[float, float]:
    """The median and longest gap, in ms, of a thread ticking every millisecond while `work` runs."""
    gaps: list[float] = []
    done = threading.Event()

    def tick() -> None:
        last = time.perf_counter()
        while not done.is_set():
            time.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    time.sleep(0.05)
    with gc_paused():
        work()
    done.set()
    ticker.join()
    return statistics.median(gaps) * 1000, max(gaps) * 1000


def _adversarial_for(seconds: float) -> None:
    """Evaluate the adversarial list over and over for about `seconds`."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        for _, expression in ADVERSARIAL:
            _outcome(expression)


def tool_node_figures() -> tuple[float, float]:
    """Milliseconds per calculator call through the bounded tool node, and for a tool past its deadline."""

    @tool
    def sleepy() -> str:
        """Sleep for a second."""
        time.sleep(1)
        return "awake"

    builder = StateGraph(MessagesState)
    builder.add_node("tools", make_tool_node([calculator, sleepy], timeout_seconds=0.1))
    builder.add_edge(START, "tools")
    graph = builder.compile()

    def call(name: str, args: dict) -> float:
        message = AIMessage("", tool_calls=[{"name": name, "args": args, "id": "c", "type": "tool_call"}])
        started = time.perf_counter()
        graph.invoke({"messages": [message]})
        return (time.perf_counter() - started) * 1000

    calls = [call("calculator", {"expression": NORMAL}) for _ in range(REPETITIONS)]
    return statistics.median(calls), call("sleepy", {})


def main() -> None:
    """Print the figures, one per line."""
    print(f"calculator, median / worst of {REPETITIONS} runs, expressions of at most {MAX_EXPRESSION_CHARS} chars "
          "(garbage collector paused):")
    for label, expression in ADVERSARIAL:
        assert len(expression) <= MAX_EXPRESSION_CHARS, label
        median, worst = milliseconds(expression)
        print(f"  {median:6.3f} / {worst:6.3f} ms  {label}: {_outcome(expression)}")
    median, worst = milliseconds(NORMAL)
    print(f"normal expression {NORMAL!r}: {median:.3f} / {worst:.3f} ms")
    idle = ticker_gaps(lambda: time.sleep(0.5))
    bounded = ticker_gaps(lambda: _adversarial_for(0.5))
    started = time.perf_counter()
    unbounded = ticker_gaps(lambda: round(5, -UNBOUNDED_ROUND))
    unbounded_ms = (time.perf_counter() - started - 0.05) * 1000
    print(f"a thread ticking every 1 ms, its longest gap (Python switches threads every "
          f"{sys.getswitchinterval() * 1000:g} ms):")
    print(f"  idle: {idle[1]:.2f} ms")
    print(f"  while the adversarial list is evaluated for 0.5 s: {bounded[1]:.2f} ms (median gap {bounded[0]:.2f} ms)")
    print(f"  while plain Python runs round(5, -10**6) for {unbounded_ms:.0f} ms, as the calculator did before: "
          f"{unbounded[1]:.2f} ms")
    per_call, past_deadline = tool_node_figures()
    print(f"bounded tool node in a one-node graph: {per_call:.2f} ms per calculator call; "
          f"a 1 s tool with a 0.1 s deadline answers after {past_deadline:.0f} ms")


if __name__ == "__main__":
    main()
