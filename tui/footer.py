"""The Footer of the game and lesson screens: keys dimmed or lit in place.

Textual's Footer rebuilds every key widget on each ``refresh_bindings()`` (a recompose: the keys are unmounted,
new ones mounted, and the whole screen laid out again). On the game screen the bindings change after every
accepted action (Play is dimmed while the other side moves, lit again on your move), so each action would pay for
two rebuilds and two layouts. Here, when the same keys are shown and only which of them can act has
changed, the existing keys are dimmed or lit in place (a repaint); anything else rebuilds as Textual does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen


class Footer(TextualFooter):
    def shown(self, screen: Screen[Any]) -> list[tuple[str, str, str, bool]]:
        """(key, action, description, enabled) of each key Textual's Footer would show, in its order."""
        active = screen.active_bindings
        first: dict[str, tuple[str, str, str, bool]] = {}
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.group is None:
                first.setdefault(binding.action, (binding.key, binding.action, binding.description, enabled))
            elif binding.show:
                return []  # grouped keys: leave them to Textual
        out = list(first.values())
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None:
            _node, binding, enabled, _tooltip = palette
            out.append((binding.key, binding.action, binding.description, enabled))
        return out

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.update_keys)

    async def update_keys(self) -> None:
        if not self.is_attached:
            return
        keys = list(self.query(FooterKey))
        wanted = self.shown(self.screen)
        if not wanted or [(k.key, k.action, k.description) for k in keys] != [w[:3] for w in wanted]:
            await self.recompose()
            return
        for key, (_, _, _, enabled) in zip(keys, wanted):
            if key._disabled == enabled:  # it was dimmed and may act now, or the other way round
                key._disabled = not enabled
                key.set_class(not enabled, "-disabled")


__all__ = ["Footer"]
