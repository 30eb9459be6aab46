"""Run before the server starts (`make run`): without sign-in the app serves this machine alone, so an address
others can reach stops the start with a one-line reason. (A page opened on such an address anyway shows the same
reason and no chat: `component.signin`.)"""

import os
import sys

from streamlit import config

from component.i18n import language_of_locale
from component.signin import local_only, sign_in_configured
from state.texts import localized

ENVIRONMENT = {"server.address": "STREAMLIT_SERVER_ADDRESS", "secrets.files": "STREAMLIT_SECRETS_FILES"}


def read_options() -> None:
    """The options as `streamlit run` will see them: config.toml, then the STREAMLIT_* variables it applies."""
    config.get_config_options(force_reparse=True)
    for option, variable in ENVIRONMENT.items():
        if value := os.environ.get(variable, "").strip():
            config.set_option(option, value.split() if option == "secrets.files" else value)


def refusal() -> str | None:
    """Why the server must not start with the configuration it would read, or None when it may."""
    read_options()
    address = config.get_option("server.address")
    if local_only(address) or sign_in_configured():
        return None
    return localized(language_of_locale(os.environ.get("LANG") or "en"), "refused_to_listen",
                     address=address or "0.0.0.0")


def main() -> int:
    reason = refusal()
    if reason:
        print(f"error: {reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
