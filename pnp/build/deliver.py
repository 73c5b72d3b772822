"""One game of `pnp build`: its PDFs and/or print-shop images, and the summary of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp._errors import Severity, ValidationFailed, display_path
from pnp.build.folder import read_json
from pnp.build.game import build_game, missing_kinds
from pnp.build.output import previous_entries
from pnp.check.validate import validate_game
from pnp.plan.settings import BuildOptions
from pnp.spec.game import Game


@dataclass
class Delivery:
    """What a build wrote for one game."""

    game: Game
    folder: Path
    pdfs: list[tuple[str, int]] = field(default_factory=list)
    """Each PDF written (file name, page count), in build order."""
    sheets: dict[str, int] = field(default_factory=dict)
    """Sheets of paper each PDF takes (a back page shares its front's sheet)."""
    bounds: dict[str, int] = field(default_factory=dict)
    """Fewest sheets each file of sheets could take (pnp.layout.sheet.sheets_lower_bound)."""
    ink: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Share of each PDF's pages inked, as drawn and with --ink-saver (pnp.layout.ink)."""
    cuts: dict[str, int] = field(default_factory=dict)
    """Straight trimmer cuts each PDF of pieces needs (pnp.layout.cuts.trimmer_cuts)."""
    cut_files: int = 0
    manifest: bool = False
    images: Path | None = None
    image_kinds: tuple[str, ...] = ()
    image_files: int = 0
    missing: tuple[str, ...] = ()
    """Kinds asked for with --only that this game makes no file of."""
    no_booklet: bool = False
    """--booklet was asked for and the game has no rulebook to impose."""
    no_shop: bool = False
    """--shop-pdf was asked for and the game has no cards to send to a print shop."""


def deliver(
    game: Game,
    options: BuildOptions,
    folder: Path,
    only: frozenset[str] | None = None,
    images: frozenset[str] = frozenset(),
    pdf: bool = True,
    jobs: int = 1,
    one_of_many: bool = False,
) -> Delivery:
    """Write the game's PDFs (unless ``pdf`` is false, in ``jobs`` processes) and the
    ``images`` asked for. A game that makes none of the kinds in ``only`` is an error,
    unless it is ``one_of_many`` (``--all``): then it is passed over, and its summary
    says so."""
    done = Delivery(game, folder, missing=tuple(missing_kinds(game, only)))
    done.no_booklet = options.booklet and not game.spec.rulebook
    done.no_shop = options.shop_pdf and not game.cards
    if one_of_many and only is not None and set(done.missing) == set(only):
        return done
    if pdf:
        written = {p.name for p in build_game(game, options, folder, only, jobs)}
        files = [f for f in previous_entries(folder) if f["path"] in written]  # not earlier builds'
        done.pdfs = [(f["path"], len(f["pages"])) for f in files if f["kind"] != "cut"]
        done.sheets = {f["path"]: f["sheets"] for f in files}
        done.bounds = {
            f["path"]: f["sheets_lower_bound"] for f in files if "sheets_lower_bound" in f
        }
        done.ink = {
            f["path"]: (f["ink"]["coverage"], f["ink"]["ink_saver"]) for f in files if "ink" in f
        }
        if options.ink_saver:  # documents, unchanged by it, measured on their pixels
            from pnp.render.raster import pdf_coverage

            for name, _ in done.pdfs:
                if name not in done.ink:
                    share = pdf_coverage(folder / name)
                    done.ink[name] = (share, share)
        done.cuts = {f["path"]: f["cuts"] for f in files if "cuts" in f}
        done.cut_files = sum(1 for f in files if f["kind"] == "cut")
        done.manifest = True
    else:
        findings = validate_game(game)
        if any(f.severity is Severity.ERROR for f in findings):
            raise ValidationFailed(findings)
    if images:
        from pnp.build.export import export_images

        done.images = export_images(game, images, folder)
        done.image_kinds = tuple(sorted(images))
        index = read_json(done.images / "index.json") or {}
        done.image_files = sum(len(index.get(kind, [])) for kind in done.image_kinds)
    return done


def summary_lines(done: Delivery) -> list[str]:
    """The build summary for one game: a heading, then one line per file written.

    Every line of the summary is made here, so a line about where the game was read
    from belongs here too.
    """
    game = done.game
    read = f"read {display_path(game.root)}/ ({len(game.source_files())} files)"
    wrote = f", wrote to {display_path(done.folder)}/" if done.manifest or done.images else ""
    lines = [f"{game.spec.name}: {read}{wrote}"]
    width = max((len(name) for name, _ in done.pdfs), default=0)
    for name, pages in done.pdfs:
        sheets = done.sheets.get(name, pages)
        bound = f" (lower bound {done.bounds[name]})" if name in done.bounds else ""
        ink = done.ink.get(name)
        lines.append(
            f"  {name:<{width}}  {pages:>3} page{'s' if pages != 1 else ''}"
            f" on {sheets} sheet{'s' if sheets != 1 else ''}{bound}"
            + (f", {done.cuts[name]} cuts" if name in done.cuts else "")
            + (f", ink {ink[0]:.0%} ({ink[1]:.0%} with --ink-saver)" if ink else "")
        )
    if done.missing:
        kinds = ", ".join(done.missing)
        lines.append(f"  no {kinds}: {game.spec.name} makes none (--only {kinds} wrote nothing)")
    if done.no_booklet:
        lines.append(f"  no booklet: {game.spec.name} has no rulebook (--booklet wrote nothing)")
    if done.no_shop:
        lines.append(f"  no shop files: {game.spec.name} has no cards (--shop-pdf wrote nothing)")
    if done.cut_files:
        lines.append(f"  {done.cut_files} cut files (svg), one per sheet to cut")
    if done.manifest:
        lines.append(f"  {'manifest.json':<{width}}  every page and cut box")
    elif not done.missing:
        lines.append("  no PDFs (--no-pdf)")
    if done.images is not None:
        kinds = ", ".join(done.image_kinds)
        lines.append(f"  images/ ({kinds}): {done.image_files} images and index.json")
    return lines


__all__ = ["Delivery", "deliver", "summary_lines"]
