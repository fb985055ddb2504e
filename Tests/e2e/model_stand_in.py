"""A local server speaking the chat-completions protocol for the journeys: any photo is "a banana
and an apple", in the JSON schema the diary asks for."""
import json

from stand_in import JSONHandler, StandIn

ANSWER = {"items": [{"name": "banana", "grams": 120}, {"name": "apple", "grams": 180}]}


class Handler(JSONHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        self.server.requests.append(request)
        self.answer(200, {"id": "chatcmpl-1", "object": "chat.completion", "model": request.get("model"),
                          "choices": [{"index": 0, "finish_reason": "stop",
                                       "message": {"role": "assistant", "content": json.dumps(ANSWER)}}]})


class ChatCompletionsStandIn(StandIn):
    def __init__(self):
        super().__init__(Handler)
