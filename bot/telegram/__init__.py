"""The Telegram adapter: turns updates into service calls and outbox rows into Bot API calls.

Thin by design (docs/architecture.md, "Layers"): swapping Telegram for another chat touches only this
package. Decisions live in ``bot/service`` and ``core``.
"""
