"""Which model answers the open chat: a choice among the bundled model and the endpoint's (or this machine's model
servers'), kept for the chat, what the model answering can do, and which model stands in while the chosen one is
away."""

import streamlit as st

from component.i18n import t
from component.memory_controls import BUDGET_KEY
from graph.engine import Engine, ModelOption, ModelProfile, Session

MODEL_KEY = "model_choice"
WATCH_SECONDS = 5.0  # how often an open page looks whether the models on offer changed (a found server's list is
# read again every 10 s)


def option_label(option: ModelOption) -> str:
    """A model named for people: the bundled one says it runs on this computer."""
    return t("model_bundled", name=option.label) if option.bundled else option.label


def _choose(session: Session) -> None:
    """Keep the person's model for this chat; it answers from the next message."""
    session.save_settings(model=st.session_state[MODEL_KEY])
    st.session_state.pop(BUDGET_KEY, None)  # its ceiling is the new model's window: drawn again from the chat's


def draw_model_status(profile: ModelProfile, named: bool = True) -> None:
    """What runs beside the model and how much it reads (and which model it is, when no choice above says it)."""
    tools = t("tools_by_model") if profile.tools else t("tools_by_app")
    about = f"{tools} · {t('window', tokens=f'{profile.context_window:,}')}"
    st.caption(f"**{t('model')}:** {profile.label}  \n{about}" if named else about)


def draw_model_choice(engine: Engine, session: Session) -> None:
    """The models this chat may choose, showing the one that answers it; a single model is only named."""
    chosen = session.settings().model
    current, profile = engine.session_model(session.settings())
    options = engine.model_options()
    _watch_options(engine, tuple(option.name for option in options))
    labels = {option.name: option_label(option) for option in options}  # in this run's language
    if chosen and chosen != current:  # its server went away: the default answers, the choice waits for its return
        standing_in = next((option.label for option in options if option.name == current), profile.label)
        st.info(t("model_away", name=engine.model_label(chosen), default=standing_in), icon="🔌")
    if len(labels) < 2 or current not in labels:
        draw_model_status(profile)
        return
    if st.session_state.get(MODEL_KEY) not in labels:  # a new chat, another chat, or a model no longer listed
        st.session_state[MODEL_KEY] = current
    st.selectbox(t("model"), list(labels), format_func=labels.__getitem__, key=MODEL_KEY, help=t("model_help"),
                 on_change=_choose, args=(session,))
    draw_model_status(profile, named=False)


@st.fragment(run_every=WATCH_SECONDS)
def _watch_options(engine: Engine, drawn: tuple[str, ...]) -> None:
    """The page drawn again once the models on offer are not those it was drawn with: a model server started on
    this machine after the page opened (or gone since) shows in the picker without a reload or a message."""
    if tuple(option.name for option in engine.model_options()) != drawn:
        st.rerun(scope="app")
