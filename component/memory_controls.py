"""The memory controls under one heading: recall and the compression rate; with the details switched on, the context
policy and the context budget with its cost.

Each is saved for the open chat when the person changes it, never merely because the page was drawn."""

import streamlit as st

from component.details import details_shown
from component.i18n import language, t
from graph.engine import Engine, Session, SessionSettings
from state.budgets import CONTEXT_BUDGET_STEP, MIN_CONTEXT_BUDGET
from state.rates import COMPRESSION_RATE_STEP, MAX_COMPRESSION_RATE, MIN_COMPRESSION_RATE
from state.texts import has_text

RATE_KEY = "compression_rate"
POLICY_KEY = "context_policy_choice"
RECALL_KEY = "recall_choice"
BUDGET_KEY = "context_budget_choice"
TURNS_A_DAY = 100  # the day the cost line speaks of


def _save(session: Session, field: str, key: str) -> None:
    """Keep the person's new choice for this chat."""
    session.save_settings(**{field: st.session_state[key]})


def _rate_changed(session: Session) -> None:
    """The chat keeps its rate (saved here, once), and its next summary is made again ahead of time at that rate."""
    session.save_settings(compression_rate=st.session_state[RATE_KEY])
    session.prepare(language=language())


def draw_rate(session: Session, stored: SessionSettings) -> float:
    """Seed 000's compression-rate slider, starting from the session's last rate (a rate the page holds enters as
    any setting does, within bounds)."""
    st.session_state[RATE_KEY] = stored.with_rate(st.session_state.get(RATE_KEY)).compression_rate
    rate = st.slider(t("rate_label"), min_value=MIN_COMPRESSION_RATE, max_value=MAX_COMPRESSION_RATE,
                     step=COMPRESSION_RATE_STEP, key=RATE_KEY, help=t("rate_help"), on_change=_rate_changed,
                     args=(session,))
    st.caption(t("rate_scale"))
    return rate


def draw_budget(session: Session, stored: SessionSettings, limit: int, costs: bool) -> None:
    """The context budget: the most tokens a turn sends the model, and, where tokens `costs` (a paid
    endpoint, not the bundled model), what that comes to over a day."""
    ceiling = max(limit, MIN_CONTEXT_BUDGET)
    st.session_state.setdefault(BUDGET_KEY, min(stored.context_budget, ceiling))  # see `draw_memory_controls`
    budget = st.number_input(t("budget_label"), min_value=MIN_CONTEXT_BUDGET, max_value=ceiling,
                             step=CONTEXT_BUDGET_STEP, key=BUDGET_KEY,
                             help=t("budget_help"), on_change=_save, args=(session, "context_budget", BUDGET_KEY))
    sent = min(int(budget), limit)
    if costs:
        total = f"{sent * TURNS_A_DAY / 1_000_000:.1f}"
        st.caption(t("budget_cost", tokens=f"{sent:,}", turns=TURNS_A_DAY, total=total))


def draw_policy(engine: Engine, session: Session, stored: SessionSettings) -> None:
    """When the older turns are summarized."""
    names = list(engine.policies)
    current = stored.context_policy if stored.context_policy in engine.policies else names[0]
    st.session_state.setdefault(POLICY_KEY, current)  # see `draw_memory_controls`
    labels = {name: policy_name(engine, name) for name in names}  # in this run's language, whoever formats later
    st.selectbox(t("policy"), names, format_func=labels.__getitem__,
                 key=POLICY_KEY, on_change=_save, args=(session, "context_policy", POLICY_KEY))


def policy_name(engine: Engine, name: str) -> str:
    """A policy named for what it does, in the page's language (a policy the page has no name for: its label)."""
    return t(f"policy_{name}") if has_text(f"policy_{name}") else engine.policies[name]


def draw_memory_controls(engine: Engine, session: Session) -> float:
    """Recall, policy, rate and budget of the open chat together; returns the rate for this turn.

    Each control's value is put in the session state before it is drawn (its key is emptied when another chat
    opens): a `value=` argument alone would leave the browser showing the last chat's choice."""
    stored = session.settings()
    st.markdown(f"#### {t('memory')}")
    st.caption(t("memory_caption"))
    st.session_state.setdefault(RECALL_KEY, stored.recall)
    st.toggle(t("recall_toggle"), key=RECALL_KEY, help=t("recall_help"), on_change=_save,
              args=(session, "recall", RECALL_KEY))
    if details_shown():
        draw_policy(engine, session, stored)
    rate = draw_rate(session, stored)
    if details_shown():
        _, model = engine.session_model(stored)  # the budget's ceiling is the window of the model answering it
        draw_budget(session, stored, engine.request_limit_of(model), costs=model.provider == "remote")
    return rate
