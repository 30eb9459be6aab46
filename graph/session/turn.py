"""A turn's path, top to bottom, with the journal that keeps its message safe until the run has saved it."""

import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast

from langchain_core.messages import BaseMessage, HumanMessage
from langchain_core.runnables import RunnableConfig

from graph.graph_config import with_summaries_under_way
from graph.session.access import SessionServices, may_run
from graph.session.activity import lower_priority
from graph.session.inputs import StateInput
from graph.session.queue import TurnRun
from graph.session.runner import FORK, GraphRunner, TurnFork, finish_stopped_turn, thread_config, turn_config
from graph.storage import Storage
from state.session import TurnEvent
from state.texts import localized
from state.time_zones import day_in
from state.titles import gist_title
from state.turns import completed_turn_count, first_user_text, has_unfinished_turn, message_text

TURN_INPUT_KEYS = ("messages", "session_id", "compression_rate", "turn_count", "pinned", "feedback", "summary_history",
                   "consolidated")


class PendingInput(StateInput, total=False):
    """A turn's input as the journal keeps it until the run saves it, with the fork a new version's branch starts
    from."""

    fork: TurnFork


@dataclass(frozen=True)
class Rewind:
    """A turn to run again as a new version (`graph.session.versions` decides it): its input and number, the
    checkpoint its new branch starts from and the forks of that branch (`fork`), or, for a session saved before
    versions, the update that takes the old turn back (`take_back`, written once the new input is journaled)."""

    payload: StateInput
    turn: int
    fork: TurnFork | None = None
    take_back: StateInput | None = None


RewindFor = Callable[[], Rewind | TurnEvent]  # a rewind, decided under the lock when the turn's time has come


def refusal(language: str, key: str) -> TurnEvent:
    """A turn or rewrite that cannot run, said why; nothing was changed."""
    return TurnEvent("error", localized(language, key), {"code": key})


def start_turn(services: SessionServices, session_id: str, owner: str, language: str,
               payload: StateInput | None = None, rewind: RewindFor | None = None) -> TurnRun:
    """Queue a turn behind the ones sent before it and start its thread: a new message's `payload`, a `rewind`,
    or neither (the unfinished turn resumes)."""
    run = TurnRun(lambda run: turn(services, session_id, owner, language, run, payload, rewind),
                  on_exit=lambda: services.turns.leave(session_id, run))
    services.turns.join(session_id, run)
    return run.start()


def turn(services: SessionServices, session_id: str, owner: str, language: str, run: TurnRun,
         payload: StateInput | None, rewind: RewindFor | None) -> Iterator[TurnEvent]:
    """One turn, from its place in the queue to the work after its reply: whose the session is, the session's lock
    (taken once, here), a message a crash cut off put back, the input journaled with its number, the graph, and what
    follows the reply: recall's index, the session's title, the next summary prepared ahead."""
    cancelled = TurnEvent("error", localized(language, "not_sent"), {"code": "cancelled"})
    resets_before = services.resets(session_id)
    if not services.turns.wait_turn(session_id, run):
        yield cancelled
        return
    with services.storage.session_lock(session_id):  # one turn per session at a time (tabs, instances)
        if run.cancelled.is_set():
            yield cancelled
            return
        if rewind is not None and services.storage.session_owner(session_id) is None:
            yield refusal(language, "rewrite_nothing")  # a chat not begun: nothing to take back or write
            return
        if not may_run(services.storage, session_id, owner, payload is not None and rewind is None):
            yield TurnEvent("error", localized(language, "missing_session"), {"code": "not_found"})  # as if unknown
            return
        services.turns.begin(session_id, run)
        settings = replace(services.storage.load_settings(session_id), language=language)  # a Retry takes new ones
        restore_pending(services.runner, services.storage, session_id)  # a crash's message comes back first
        rewound = rewind() if rewind is not None else None
        if isinstance(rewound, TurnEvent):
            yield rewound
            return
        if rewound is not None:  # a new version starts a branch of its own: work after it is current
            resets_before = services.resets(session_id)
        if payload is None and rewound is None and not ready_to_resume(services, session_id):
            yield refusal(language, "retry_nothing")
            return
        if rewound is None and payload is not None:  # a new message: the question left unanswered is closed first
            close_unanswered(services, session_id)
        payload, config = journaled(services, session_id, payload, rewound)
        if services.preparer.under_way(session_id):  # a summary just due is left to it, not made again here
            config = with_summaries_under_way(config)
        with services.activity.running():  # background work waits until the reply is made
            saved = yield from services.runner.run(config, payload, run.stop_event, settings)
        if payload is not None and (saved or services.runner.has_message(session_id, payload["messages"][0].id)):
            services.storage.journal_clear(session_id)
        messages = services.read_state(session_id).get("messages", [])
        generation = services.recall.generation(session_id)  # read with the messages: a rewind after voids them
        record_title(services.storage, session_id, first_user_text(messages), completed_turn_count(messages))
        services.turns.answered(session_id, run)  # the answer is the person's, the chat list has its count
    services.preparer.schedule(session_id, settings.compression_rate,
                               lambda: services.resets(session_id) == resets_before, settings.language)
    index_shown_branch(services, session_id, messages, generation, embed=False)  # found by its words at once
    run.is_indexed.set()
    lower_priority()  # what follows keeps no one waiting: the next reply goes first
    services.recall.backfill(session_id)  # its sentence vectors, and a few of an older session's turns'


def ready_to_resume(services: SessionServices, session_id: str) -> bool:
    """Whether Retry has a turn to continue: the shown branch's step still to run, or else its unanswered question,
    whose turn then starts again from its first node; False when every question has its answer. The caller holds
    the session's lock."""
    runner, config = services.runner, thread_config(session_id)
    if runner.has_step_to_run(config):
        return True
    if not has_unfinished_turn(runner.messages(session_id)):
        return False
    runner.restart_turn(config)
    return True


def journaled(services: SessionServices, session_id: str, payload: StateInput | None,
              rewound: Rewind | None) -> tuple[StateInput | None, RunnableConfig]:
    """The turn's input with its number, kept in the journal until the run saves it, and the config it runs with.
    A new message or a resume continues the shown branch; a rewind says which turn it runs again, and the old turn
    it takes back goes only once the new input is journaled, so a crash in between keeps it for Retry."""
    runner = services.runner
    if rewound is None:
        number, fork = completed_turn_count(runner.messages(session_id)) + 1, None
    else:
        payload, number, fork = rewound.payload, rewound.turn, rewound.fork
    if payload is not None:
        payload = with_message_id({**payload, "turn_count": number})
        write_pending(services.storage, session_id, {**payload, FORK: fork} if fork else {**payload})
        if number == 1 and rewound is None:  # a new chat is listed by its title while its first reply runs
            record_title(services.storage, session_id, message_text(payload["messages"][0]), 0)
    if rewound is not None and rewound.take_back is not None:  # as the input of a turn: no node's edges run
        runner.put_input(thread_config(session_id), rewound.take_back)
    return payload, turn_config(session_id, number, fork or runner.shown_branch(session_id))


def follow_shown_branch(services: SessionServices, session_id: str) -> None:
    """Recall's index and the session list follow the branch shown now: its turns indexed on the day it is where the
    person is, its title and count."""
    messages = services.read_state(session_id).get("messages", [])
    index_shown_branch(services, session_id, messages)
    record_title(services.storage, session_id, first_user_text(messages), completed_turn_count(messages))


def index_shown_branch(services: SessionServices, session_id: str, messages: Sequence[BaseMessage],
                       generation: int | None = None, embed: bool = True) -> None:
    """Recall's index and search follow the messages shown now, each turn dated by the day where the person is
    (without `embed`, its sentence vectors are left to `backfill`); nothing is written when turns were taken back
    since `generation` was read with the messages."""
    day = day_in(services.storage.load_settings(session_id).time_zone)
    services.recall.index_session(session_id, messages, day, generation=generation, embed=embed)


def record_title(storage: Storage, session_id: str, first_question: str, turns: int) -> None:
    """Note the session's activity under the gist of its first question (none yet: nothing to list it by)."""
    if title := gist_title(first_question):
        storage.record_session(session_id, title, turns)


def close_unanswered(services: SessionServices, session_id: str) -> None:
    """A question whose reply failed, was cut off by a crash or never came is closed as a stopped turn when the
    person sends another message instead of Retry, so the conversation never holds two questions in a row; the
    question stays, its answer the stop mark, and a regenerate or an edit can ask it again."""
    if has_unfinished_turn(services.runner.messages(session_id)):
        finish_stopped_turn(services.runner.graph, session_id, "")


def write_pending(storage: Storage, session_id: str, payload: PendingInput) -> None:
    """Keep the turn's input, its message as plain text with its id: a write-ahead note, so a crash mid-turn never
    loses it. A turn saves its checkpoint once, when it ends; until then the person's message lives only in the
    storage's journal (one small row). A run that ended, failed or was stopped has saved it; after a crash, the
    note puts the message back, ready for Retry."""
    message = payload["messages"][0]
    storage.journal_write(session_id, {**payload, "messages": [{"id": message.id, "text": message_text(message)}]})


def read_pending(storage: Storage, session_id: str) -> PendingInput | None:
    """The input of a turn a crash left unsaved, its message rebuilt."""
    row = storage.journal_read(session_id)
    if row is None:
        return None
    message = row["messages"][0]
    return cast(PendingInput, {**row, "messages": [HumanMessage(message["text"], id=message["id"])]})


def with_message_id(payload: StateInput) -> StateInput:
    """The payload with an id on its message, so a saved checkpoint can be checked for it."""
    message = payload["messages"][0]
    if message.id:
        return payload
    return {**payload, "messages": [message.model_copy(update={"id": str(uuid.uuid4())})]}


def restore_pending(runner: GraphRunner, storage: Storage, session_id: str) -> bool:
    """Put the message a crash left in the journal back into the session, ready for Retry, and clear the journal;
    True when there was one to put back. The caller holds the session's lock."""
    pending = read_pending(storage, session_id)
    if pending is None:
        return False
    fork = pending.get(FORK)  # a new branch's first message goes back on that branch, unless the branch was saved
    restored = (not runner.has_branch(session_id, str(fork.get("branch") or "")) if fork else
                not runner.has_message(session_id, pending["messages"][0].id))  # a regenerate's has the old id
    if restored:
        row: Mapping[str, object] = pending
        values = cast(StateInput, {key: row[key] for key in TURN_INPUT_KEYS if key in row})  # older rows held more
        runner.put_input(turn_config(session_id, pending.get("turn_count") or 0, fork) if fork else
                         thread_config(session_id), values)
    storage.journal_clear(session_id)
    return restored
