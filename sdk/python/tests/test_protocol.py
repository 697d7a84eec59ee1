"""The protocol loop, driven by scripted parlour messages through in-memory streams."""

import io
import json
import sys
import unittest

from tests.support import act, converse, fixture, hello
from parlour_bot.protocol import Bot, Faulted, GameResult, run
from parlour_bot.uno import UnoBot, UnoObservation
from parlour_bot.go import GoBot

UNO = fixture("uno", "wilds in legal")  # legal: R6 G6 Y2 YS W:R W:G W:B W:Y


class Recorder(Bot):
    """Answers with the last legal action and records every hook call."""

    name = "recorder"

    def __init__(self):
        self.calls = []

    def on_start(self, seat, seed, index):
        self.calls.append(("start", seat, seed, index))

    def act(self, observation, legal):
        self.calls.append(("act", observation["seat"], tuple(legal)))
        return legal[-1]

    def on_result(self, result):
        self.calls.append(("result", result))


class Listener(Recorder):
    def on_event(self, seat, action):
        self.calls.append(("event", seat, action))


class Handshake(unittest.TestCase):
    def test_ready_names_the_bot_and_events_off_by_default(self):
        out, _, status = converse(Recorder(), [hello("uno"), {"type": "bye"}])
        self.assertIsNone(status)
        self.assertEqual(out, [{"type": "ready", "protocol": 1, "name": "recorder",
                                "events": False}])

    def test_events_on_only_when_on_event_is_overridden(self):
        out, _, _ = converse(Listener(), [hello("uno"), {"type": "bye"}])
        self.assertTrue(out[0]["events"])

    def test_unnamed_bot_is_named_after_its_class(self):
        class Anon(Bot):
            def act(self, observation, legal):
                return 0

        out, _, _ = converse(Anon(), [hello("go")])
        self.assertEqual(out[0]["name"], "Anon")

    def test_a_faulted_answer_carries_the_fault_beside_the_action(self):
        class Confessor(Bot):
            def act(self, observation, legal):
                return Faulted(1, "the student's code raised")

        from tests.support import fixtures
        fx = fixtures("uno")[0]
        out, _, status = converse(Confessor(), [hello("uno"), act(7, fx), {"type": "bye"}])
        self.assertIsNone(status)
        self.assertEqual(out[1], {"type": "action", "id": 7, "index": 1,
                                  "fault": "the student's code raised"})

    def test_hello_sets_attributes(self):
        bot = Recorder()
        converse(bot, [hello("uno", {"players": 4, "target": 500, "rounds": None}), {"type": "bye"}])
        self.assertEqual((bot.hello["game"], bot.players), ("uno", 4))
        self.assertEqual(bot.options["target"], 500)
        self.assertEqual(bot.limits["decision_ms"], 1000)
        self.assertEqual(bot.entry, "test")

    def test_wrong_game_answers_error_and_exits(self):
        out, log, status = converse(GoBot(), [hello("uno"), {"type": "bye"}])
        self.assertEqual(status, 1)
        self.assertEqual(out[0]["type"], "error")
        self.assertIn("go", out[0]["message"])
        self.assertEqual(len(out), 1)

    def test_wrong_protocol_answers_error(self):
        msg = hello("uno")
        msg["protocol"] = 2
        out, _, status = converse(Recorder(), [msg])
        self.assertEqual(status, 1)
        self.assertEqual(out[0]["type"], "error")

    def test_no_input_at_all_ends_quietly(self):
        out, _, status = converse(Recorder(), [])
        self.assertEqual((out, status), ([], None))


class Conversation(unittest.TestCase):
    def test_a_game(self):
        bot = Recorder()
        msgs = [hello("uno"), {"type": "start", "index": 7, "seat": 0, "seed": 42},
                act(5, UNO), act(6, UNO),
                {"type": "result", "returns": [12.0, 0.0, 0.0, 0.0], "winners": [0],
                 "observation": UNO["observation"], "faults": 0, "forfeited": False},
                {"type": "bye"}]
        out, _, status = converse(bot, msgs)
        self.assertIsNone(status)
        self.assertEqual(out[1:], [{"type": "action", "id": 5, "action": "W:Y"},
                                   {"type": "action", "id": 6, "action": "W:Y"}])
        self.assertEqual(bot.calls[0], ("start", 0, 42, 7))
        self.assertEqual(bot.calls[1], ("act", 0, tuple(UNO["legal"])))
        kind, result = bot.calls[-1]
        self.assertEqual(kind, "result")
        self.assertIsInstance(result, GameResult)
        self.assertEqual((result.returns, result.winners, result.faults, result.forfeited),
                         ([12.0, 0.0, 0.0, 0.0], [0], 0, False))
        self.assertEqual(bot.seat, 0)
        self.assertEqual(bot.time_limit_ms, 1000)

    def test_answers_by_index_text_and_typed_action(self):
        answers = iter([3, "G6", None])

        class Mixed(UnoBot):
            def act(self, obs, legal):
                a = next(answers)
                return legal[-2] if a is None else a

        out, _, _ = converse(Mixed(), [hello("uno", {"players": 4}), act(1, UNO), act(2, UNO),
                                       act(3, UNO)])
        self.assertEqual(out[1:], [{"type": "action", "id": 1, "index": 3},
                                   {"type": "action", "id": 2, "action": "G6"},
                                   {"type": "action", "id": 3, "action": "W:B"}])

    def test_typed_observation_and_result(self):
        seen = []

        class Typed(UnoBot):
            def act(self, obs, legal):
                seen.append((obs, legal))
                return legal[0]

            def on_result(self, result):
                seen.append(result)

        converse(Typed(), [hello("uno"), act(1, UNO),
                           {"type": "result", "returns": [0, 0, 0, 9], "winners": [3],
                            "observation": UNO["observation"], "faults": 2, "forfeited": True}])
        obs, legal = seen[0]
        self.assertIsInstance(obs, UnoObservation)
        self.assertEqual(legal[4].call, "R")
        self.assertIsInstance(seen[1].observation, UnoObservation)
        self.assertEqual((seen[1].faults, seen[1].forfeited), (2, True))

    def test_events_are_parsed_hidden_ones_are_none(self):
        bot = Listener()
        converse(bot, [hello("uno"), {"type": "start", "index": 0, "seat": 1, "seed": 1},
                       {"type": "event", "seat": 2, "action": "W:G"},
                       {"type": "event", "seat": 3, "action": None}])
        self.assertEqual(bot.calls[1:], [("event", 2, "W:G"), ("event", 3, None)])

        got = []

        class GoListener(GoBot):
            def act(self, obs, legal):
                return legal[0]

            def on_event(self, seat, action):
                got.append((seat, action))

        converse(GoListener(), [hello("go"), {"type": "event", "seat": 0, "action": None},
                                {"type": "event", "seat": 2, "action": "7C"}])
        self.assertEqual(got[0], (0, None))
        self.assertEqual((got[1][0], got[1][1].card.text), (2, "7C"))

    def test_bye_ends_the_loop(self):
        out, _, status = converse(Recorder(), [hello("uno"), {"type": "bye"}, act(9, UNO)])
        self.assertIsNone(status)
        self.assertEqual(len(out), 1)  # no answer to the act after bye

    def test_end_of_input_without_bye_ends_quietly(self):
        out, _, status = converse(Recorder(), [hello("uno"), act(1, UNO)])
        self.assertIsNone(status)
        self.assertEqual(out[-1]["id"], 1)

    def test_unknown_types_and_fields_are_ignored(self):
        m = act(4, UNO)
        m["later_field"] = {"x": 1}
        out, _, status = converse(Recorder(), [hello("uno"), {"type": "ping", "n": 1}, m])
        self.assertIsNone(status)
        self.assertEqual(out[1], {"type": "action", "id": 4, "action": "W:Y"})

    def test_start_seeds_the_bots_rng(self):
        draws = []

        class Rand(Bot):
            def act(self, observation, legal):
                draws.append(self.rng.random())
                return 0

        start = {"type": "start", "index": 0, "seat": 0, "seed": 99}
        converse(Rand(), [hello("uno"), start, act(1, UNO), start, act(2, UNO)])
        self.assertEqual(len(draws), 2)
        self.assertEqual(draws[0], draws[1])

    def test_start_seeds_the_random_module_too(self):
        import random

        draws = []

        class Global(Bot):
            def act(self, observation, legal):
                draws.append(random.random())
                return 0

        start = {"type": "start", "index": 0, "seat": 0, "seed": 7}
        converse(Global(), [hello("uno"), start, act(1, UNO), start, act(2, UNO)])
        self.assertEqual(draws, [random.Random(7).random()] * 2)

    def test_binary_streams(self):
        out, _, _ = converse(Recorder(), [hello("uno"), act(1, UNO)], binary=True)
        self.assertEqual(out[1], {"type": "action", "id": 1, "action": "W:Y"})


class Output(unittest.TestCase):
    def test_print_goes_to_the_log_not_the_protocol(self):
        class Chatty(Bot):
            def act(self, observation, legal):
                print("thinking hard")
                sys.stdout.write("more thoughts\n")
                return 0

        msgs = [hello("uno"), act(1, UNO), {"type": "bye"}]
        stdin = io.StringIO("".join(json.dumps(m) + "\n" for m in msgs))
        protocol, log = io.StringIO(), io.StringIO()
        saved = sys.stdout, sys.stderr
        # The protocol stream is whatever sys.stdout is when run() starts, as for a real bot.
        sys.stdout, sys.stderr = protocol, log
        try:
            run(Chatty(), stdin=stdin)
        finally:
            sys.stdout, sys.stderr = saved
        lines = [json.loads(x) for x in protocol.getvalue().splitlines()]
        self.assertEqual([x["type"] for x in lines], ["ready", "action"])
        self.assertNotIn("thinking", protocol.getvalue())
        self.assertIn("thinking hard", log.getvalue())
        self.assertIn("more thoughts", log.getvalue())
        self.assertIs(sys.stdout, saved[0])  # restored afterwards


class Failures(unittest.TestCase):
    def test_exception_logs_traceback_and_exits_1_without_answering(self):
        class Broken(Bot):
            def act(self, observation, legal):
                raise KeyError("oops in my strategy")

        out, log, status = converse(Broken(), [hello("uno"), act(1, UNO), act(2, UNO)])
        self.assertEqual(status, 1)
        self.assertEqual([x["type"] for x in out], ["ready"])
        self.assertIn("Traceback", log)
        self.assertIn("oops in my strategy", log)

    def test_exception_in_a_hook_also_exits(self):
        class BadStart(Recorder):
            def on_start(self, seat, seed, index):
                raise RuntimeError("no")

        out, log, status = converse(BadStart(), [hello("uno"),
                                                 {"type": "start", "index": 0, "seat": 0,
                                                  "seed": 0}, act(1, UNO)])
        self.assertEqual(status, 1)
        self.assertEqual(len(out), 1)
        self.assertIn("RuntimeError", log)

    def test_returning_nothing_is_a_bot_error(self):
        class Nothing(Bot):
            def act(self, observation, legal):
                return None

        out, log, status = converse(Nothing(), [hello("uno"), act(1, UNO)])
        self.assertEqual(status, 1)
        self.assertEqual(len(out), 1)
        self.assertIn("act() returned None", log)

    def test_garbage_from_parlour_exits(self):
        stdin = io.StringIO(json.dumps(hello("uno")) + "\nnot json\n")
        saved = sys.stderr
        sys.stderr = io.StringIO()
        try:
            with self.assertRaises(SystemExit) as cm:
                run(Recorder(), stdin=stdin, stdout=io.StringIO())
        finally:
            sys.stderr = saved
        self.assertEqual(cm.exception.code, 1)


if __name__ == "__main__":
    unittest.main()
