"""Above a turn that has several versions: which one is shown, what the others still hold after it, and the way
to them, as plain to see as the edit that made them."""

import streamlit as st

from component.chat import keep_notice
from component.i18n import t
from graph.engine import Session, TurnVersions


def show_version(session: Session, turn: int, shown: int) -> None:
    """Show another version of a turn; while a reply is being written, say why nothing changed."""
    if not session.show_version(turn, shown):
        keep_notice("warning", t("version_busy"))


def later_text(later: int, version: int) -> str:
    """What another version still holds after the turn: "23 later turns stay in version 1"."""
    return t("version_later_one", version=version) if later == 1 else t("version_later", later=later,
                                                                         version=version)


def draw_version_notice(session: Session, turn: int, versions: TurnVersions) -> None:
    """"Version 2 of 2 — 23 later turns stay in version 1 [Show version 1]" with ‹ › between all versions."""
    others = [(number, later) for number, later in enumerate(versions.later, start=1)
              if number != versions.shown and later > 0]
    with st.container(border=True, horizontal=True, vertical_alignment="center", gap="small",
                      key=f"version_notice_{turn}"):
        st.button("‹", key=f"version_notice_back_{turn}", help=t("version_previous"),
                  disabled=versions.shown <= 1, on_click=show_version, args=(session, turn, versions.shown - 1))
        st.markdown(f"**{t('version_notice', shown=versions.shown, count=versions.count)}**", width="content")
        st.button("›", key=f"version_notice_next_{turn}", help=t("version_next"),
                  disabled=versions.shown >= versions.count, on_click=show_version,
                  args=(session, turn, versions.shown + 1))
        for number, later in others:
            st.markdown("— " + later_text(later, number), width="content")
            st.button(t("version_show", version=number), key=f"version_show_{turn}_{number}",
                      on_click=show_version, args=(session, turn, number))
