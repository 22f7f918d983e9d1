"""A fifth format, the tests' own (``highscore``): it proves that a format needs only its
own package and one registration (``bot.service.formats.registry.register``)."""
