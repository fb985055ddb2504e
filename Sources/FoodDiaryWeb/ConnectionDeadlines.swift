import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// How long a connection may keep the server waiting at each stage, so that slow or stalled clients
/// (slowloris, a half-sent upload) cannot hold connections and temporary files for ever.
public struct ConnectionDeadlines: Sendable {
    /// From the first byte of a request to the end of its headers, however slowly they trickle in.
    public var header: TimeAmount
    /// Longest silence while the server is waiting for more of a request body.
    public var bodyIdle: TimeAmount
    /// Longest silence between one response and the next request on a kept-alive connection.
    public var keepAliveIdle: TimeAmount

    public init(header: TimeAmount = .seconds(15), bodyIdle: TimeAmount = .seconds(30), keepAliveIdle: TimeAmount = .seconds(60)) {
        self.header = header
        self.bodyIdle = bodyIdle
        self.keepAliveIdle = keepAliveIdle
    }
}

/// HTTP/1 with `ConnectionDeadlines` enforced on every connection.
package struct DeadlineHTTP1Channel: ServerChildChannel {
    package typealias Value = HTTP1Channel.Value
    let responder: HTTPChannelHandler.Responder
    let deadlines: ConnectionDeadlines

    package static func builder(_ deadlines: ConnectionDeadlines) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in DeadlineHTTP1Channel(responder: responder, deadlines: deadlines) }
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let clock = ConnectionClock(deadlines: deadlines)
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionClock.BytesHandler(clock), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let http = HTTP1Channel(
            responder: responder, configuration: .init(additionalChannelHandlers: [ConnectionClock.MessagesHandler(clock)]))
        return http.setup(channel: channel, logger: logger)
    }

    package func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder).handle(value: value, logger: logger)
    }
}

/// One connection's stage and deadline. Both of its handlers run on the connection's event loop,
/// which is the only place it is touched.
package final class ConnectionClock: @unchecked Sendable {
    private enum Stage { case idle, head, body, handling }

    private let deadlines: ConnectionDeadlines
    private var stage = Stage.idle
    private var deadline = NIODeadline.distantFuture
    /// In the body, silence counts only while the server has asked for bytes: a server busy with
    /// what it already has is not the client's fault.
    private var readRequested = false
    /// A response can end before its request does (a 413 sent while the body still arrives).
    private var responsePending = false
    private var timer: Scheduled<Void>?
    /// Where a reply written below HTTP encoding goes straight to the socket.
    private var socketSide: ChannelHandlerContext?

    init(deadlines: ConnectionDeadlines) {
        self.deadlines = deadlines
    }

    private func enter(_ next: Stage, context: ChannelHandlerContext) {
        stage = next
        switch next {
        case .idle: deadline = .now() + deadlines.keepAliveIdle
        case .head: deadline = .now() + deadlines.header
        case .body: deadline = .now() + deadlines.bodyIdle
        case .handling: deadline = .distantFuture
        }
        schedule(context)
    }

    private func schedule(_ context: ChannelHandlerContext) {
        timer?.cancel()
        guard deadline != .distantFuture else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(deadline: deadline) { [weak self] in self?.check(channel) }
    }

    private func check(_ channel: any Channel) {
        guard deadline != .distantFuture, channel.isActive else { return }
        if stage == .body && !readRequested {
            deadline = .now() + deadlines.bodyIdle
        }
        guard NIODeadline.now() >= deadline else {
            timer = channel.eventLoop.scheduleTask(deadline: deadline) { [weak self] in self?.check(channel) }
            return
        }
        if stage == .head, let socketSide {
            // No response has started, so the client can still be told why.
            let reply = ByteBuffer(string: "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
            socketSide.writeAndFlush(NIOAny(IOData.byteBuffer(reply))).whenComplete { _ in channel.close(promise: nil) }
        } else {
            channel.close(promise: nil)
        }
    }

    /// Next to the socket: sees raw bytes arrive and the server ask for more.
    final class BytesHandler: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        typealias OutboundIn = IOData
        typealias OutboundOut = IOData
        let clock: ConnectionClock

        init(_ clock: ConnectionClock) { self.clock = clock }

        func handlerAdded(context: ChannelHandlerContext) {
            clock.socketSide = context
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            clock.socketSide = nil
        }

        func channelActive(context: ChannelHandlerContext) {
            clock.enter(.idle, context: context)
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            clock.timer?.cancel()
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            clock.readRequested = false
            switch clock.stage {
            case .idle: clock.enter(.head, context: context)
            case .body: clock.deadline = .now() + clock.deadlines.bodyIdle
            case .head, .handling: break
            }
            context.fireChannelRead(data)
        }

        func read(context: ChannelHandlerContext) {
            if !clock.readRequested && clock.stage == .body { clock.deadline = .now() + clock.deadlines.bodyIdle }
            clock.readRequested = true
            context.read()
        }
    }

    /// After HTTP decoding: sees where a request's head and end are, and where a response ends;
    /// answers `Expect: 100-continue`.
    final class MessagesHandler: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart
        let clock: ConnectionClock

        init(_ clock: ConnectionClock) { self.clock = clock }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let request):
                clock.responsePending = true
                clock.enter(.body, context: context)
                // curl and other libcurl clients hold back a body over 1 MB for a second, unless told
                // to go on (RFC 9110, 10.1.1). A refusal that follows costs only the bytes it reads.
                if request.headerFields[.expect]?.lowercased() == "100-continue" {
                    context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
                }
            case .end: clock.enter(clock.responsePending ? .handling : .idle, context: context)
            case .body: break
            }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .end = unwrapOutboundIn(data) {
                clock.responsePending = false
                if clock.stage == .handling { clock.enter(.idle, context: context) }
            }
            context.write(data, promise: promise)
        }
    }
}
