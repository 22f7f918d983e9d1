"""Challenge ladders stored per event."""
