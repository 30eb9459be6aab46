"""Everything that draws; the engine never imports from here."""
