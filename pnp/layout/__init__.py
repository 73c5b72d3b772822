"""Pure geometry: card faces, sheets, tokens and track pages in millimetres (no reportlab)."""
