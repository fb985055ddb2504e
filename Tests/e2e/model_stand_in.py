"""A local server speaking the chat-completions protocol for the journeys: any photo is "a banana
and an apple", in the JSON schema the diary asks for."""
import http.server
import json
import threading

ANSWER = {"items": [{"name": "banana", "grams": 120}, {"name": "apple", "grams": 180}]}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        self.server.requests.append(request)
        body = json.dumps({"id": "chatcmpl-1", "object": "chat.completion", "model": request.get("model"),
                           "choices": [{"index": 0, "finish_reason": "stop",
                                        "message": {"role": "assistant", "content": json.dumps(ANSWER)}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


class ChatCompletionsStandIn:
    def __init__(self):
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.requests = []
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def requests(self):
        return self.server.requests

    def stop(self):
        self.server.shutdown()
