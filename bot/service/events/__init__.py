"""Events as a whole: definitions and setup, rounds and their schedule, what is shown
and exported, the group chat, and what happens after a result (by the event's format)."""
