"""The baseline for start-up: a bare Textual app with a header, a line of text and a footer."""

from textual.app import App
from textual.widgets import Footer, Header, Static


class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Stock ready")
        yield Footer()


if __name__ == "__main__":
    Bare().run()
