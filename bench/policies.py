"""Context policies compared on a scripted 60-turn conversation with 20 planted facts: context
tokens per turn, and how many facts are still in the context at turn 60."""

import statistics
import sys

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from bench import conversation
from graph.builder import build_graph
from graph.context import message_text
from graph.policies import POLICIES
from graph.tokens import count_messages

TURNS = 60
WINDOW = 8192
FACT_TURNS = list(range(1, TURNS, 3))[:20]
WORDS = ["amber", "birch", "cobalt", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper",
         "kestrel", "lumen", "maple", "nectar", "onyx", "pylon", "quartz", "raven", "saffron", "tundra"]


def fact(index: int) -> str:
    return f"{WORDS[index]}-{4000 + 37 * index}"


def user_text(turn: int) -> str:
    if turn in FACT_TURNS:
        k = FACT_TURNS.index(turn)
        return f"Please remember this: the code word for project {k + 1} is {fact(k)}."
    return conversation.user_text(turn)


def chat_reply(messages) -> AIMessage:
    return AIMessage(f"Noted. {message_text(messages[-1])[:160]} " + "Here is some more detail. " * 10)


def run_policy(policy: str, summary_model) -> tuple[list[int], float]:
    chat = conversation.DelayedModel(reply=chat_reply)
    graph = build_graph(chat, summary_model, InMemorySaver(), tools=[], context_window=WINDOW,
                        context_budget_tokens=int(WINDOW * 0.6))
    tokens = []
    for n in range(1, TURNS + 1):
        graph.invoke({"messages": [HumanMessage(user_text(n))], "turn_count": n, "session_id": "p",
                      "compression_rate": 0.3, "context_policy": policy}, {"configurable": {"thread_id": "p"}})
        tokens.append(count_messages(chat.calls[-1]))
    context = " ".join(message_text(m) for m in chat.calls[-1])
    kept = sum(fact(k) in context for k in range(len(FACT_TURNS))) / len(FACT_TURNS)
    return tokens, kept


def bundled_summary_model():
    """The bundled SmolLM2 on its llama.cpp server, as the app uses it."""
    from graph.local_server import LocalModelServer, find_bundled_model
    from graph.models import create_bundled_models
    from graph.settings import Settings

    server = LocalModelServer(find_bundled_model())
    return create_bundled_models(Settings(), server.start()).summary, server


def table(title: str, make_model) -> None:
    print(title)
    print(f"{'policy':<10}{'mean ctx':>10}{'max ctx':>10}{'ctx@60':>10}{'facts kept@60':>15}")
    for name in POLICIES:
        tokens, kept = run_policy(name, make_model())
        print(f"{name:<10}{statistics.mean(tokens):>10,.0f}{max(tokens):>10,}{tokens[-1]:>10,}{kept:>14.0%}")


def main(with_bundled: bool = True) -> None:
    table(f"Policies over {TURNS} turns, {len(FACT_TURNS)} planted facts, scripted summarizer",
          conversation.summary_model)
    if with_bundled:
        model, server = bundled_summary_model()
        try:
            print()
            table("Same, with the bundled SmolLM2-135M as summarizer", lambda: model)
        finally:
            server.stop()


if __name__ == "__main__":
    main(with_bundled="--scripted-only" not in sys.argv)
