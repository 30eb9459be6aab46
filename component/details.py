"""The one switch that shows what a developer checks (what the model saw, token tables and the chart, recalled turns,
the context policy and budget): off by default, so the page is the person's; kept in the page address
(`?details=on`) so a reload or a bookmark keeps it."""

import streamlit as st

from component.i18n import t

DETAILS_KEY = "details_shown"
DETAILS_PARAM = "details"
SHOWN = "on"


def details_shown() -> bool:
    """Whether this tab shows the developer views: switched in this tab, else kept in the address."""
    if DETAILS_KEY in st.session_state:
        return bool(st.session_state[DETAILS_KEY])
    return st.query_params.get(DETAILS_PARAM) == SHOWN


def keep_details() -> None:
    """Keep the switch in the address, so a reload opens the page the same way; off leaves no trace."""
    if st.session_state.get(DETAILS_KEY):
        st.query_params[DETAILS_PARAM] = SHOWN
    elif DETAILS_PARAM in st.query_params:
        del st.query_params[DETAILS_PARAM]


def draw_details_switch() -> None:
    """The switch itself, at the sidebar's foot beside the language."""
    st.session_state.setdefault(DETAILS_KEY, details_shown())
    st.toggle(t("details_switch"), key=DETAILS_KEY, help=t("details_help"), on_change=keep_details)
