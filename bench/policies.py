"""Context policies compared on a scripted 60-turn conversation with 20 planted facts: context
tokens per turn, and how many facts are still in the context at turn 60."""

import statistics
import sys
import tempfile
from pathlib import Path

from langchain_core.messages import AIMessage

from bench import conversation
from graph.engine import assemble
from graph.models import ModelProfile, Models
from graph.policies import POLICIES
from graph.request.tokens import count_messages
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from state.turns import message_text

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


def run_policy(policy: str, summary_model, recall: bool = True) -> tuple[list[int], float]:
    """A session under `policy` as the app runs it: context tokens per turn, facts in the last context.

    recall=False measures the policy alone, without earlier turns recalled into the context.
    """
    path = Path(tempfile.mkdtemp(prefix=f"policy-{policy}-")) / "chat.sqlite"
    profile = ModelProfile("scripted", "remote", streaming=True, tools=False, structured_output=False,
                           context_window=WINDOW)
    models = Models(conversation.DelayedModel(reply=chat_reply), summary_model, profile)
    engine = assemble(Settings(db_path=str(path), context_share=0.6), create_checkpointer(path), models)
    session = engine.session("p")
    session.save_settings(context_policy=policy, compression_rate=0.3, recall=recall)
    tokens = []
    for n in range(1, TURNS + 1):
        failed = [e.text for e in session.send(user_text(n)).wait() if e.kind == "error"]
        if failed:
            raise RuntimeError(f"{policy} turn {n} failed: {failed[0]}")
        engine.wait_idle()
        tokens.append(count_messages(session.last_context()))
    context = " ".join(message_text(m) for m in session.last_context())
    kept = sum(fact(k) in context for k in range(len(FACT_TURNS))) / len(FACT_TURNS)
    engine.close()
    return tokens, kept


def bundled_summary_model():
    """The bundled SmolLM2 on its llama.cpp server, as the app uses it."""
    from graph.models import create_bundled_models
    from graph.models.local_server import LocalModelServer, find_bundled_model
    from graph.settings import Settings

    server = LocalModelServer(find_bundled_model())
    return create_bundled_models(Settings(), server.start(), server).summary, server


def table(title: str, make_model, recall: bool) -> None:
    print(title)
    width = max(map(len, POLICIES)) + 2
    print(f"{'policy':<{width}}{'mean ctx':>10}{'max ctx':>10}{'ctx@60':>10}{'facts kept@60':>15}")
    for name in POLICIES:
        tokens, kept = run_policy(name, make_model(), recall)
        print(f"{name:<{width}}{statistics.mean(tokens):>10,.0f}{max(tokens):>10,}{tokens[-1]:>10,}{kept:>14.0%}")


def main(with_bundled: bool = True) -> None:
    title = f"Policies over {TURNS} turns, {len(FACT_TURNS)} planted facts, scripted summarizer"
    table(f"{title}, the policy alone (recall off)", conversation.summary_model, recall=False)
    print()
    table(f"{title}, with recall (the app's default)", conversation.summary_model, recall=True)
    if with_bundled:
        model, server = bundled_summary_model()
        try:
            print()
            table("The policy alone, bundled SmolLM2-135M as summarizer", lambda: model, recall=False)
        finally:
            server.stop()


if __name__ == "__main__":
    main(with_bundled="--scripted-only" not in sys.argv)
