import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// `/settings/reminders`: the browsers a person lets this server send reminders to (Web Push), a
/// test push to them, and taking one away.
struct RemindersController: Sendable {
    let accounts: AccountsDatabase
    let devices: PushDevices
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date
    /// A test push waits on every device's push service (up to 10 s each, at once): one at a time
    /// per person, so tapping again and again holds nothing more of the server's; 503 to the rest.
    let tests = KeyedInFlightLimit<Int64>(perKey: 1, overall: 8)

    static let path = "/settings/reminders"
    static let maxBodyBytes = 8_192

    func addRoutes(to routes: Routes) {
        routes.get(Self.path, use: page)
        routes.post("/push/subscriptions", use: subscribe)
        routes.post(Self.path + "/test", use: sendTest)
        routes.post(Self.path + "/devices/:id/remove", use: remove)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"].flatMap(RemindersNotice.init(rawValue:))
        return try await render(context, notice: notice?.text)
    }

    /// The browser's `PushSubscription` as JSON, from the page's script: 201 when kept, 422 with the
    /// reason in the page's language when it is not one this server can send to.
    @Sendable func subscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        var request = request
        let body = Data(buffer: try await request.collectBody(upTo: Self.maxBodyBytes))
        switch PushSubscription.read(json: body, allowsHomeNetwork: devices.delivery.allowsHomeNetwork) {
        case .failure(.notASubscription):
            return try jsonResponse(
                ["error": tr("That is not a push subscription this browser could have made.")], status: .unprocessableContent)
        case .failure(.endpointNotAllowed(let host)):
            return try jsonResponse(
                ["error": tr("This server does not send to \(host): a push service must be on the internet and use https.")],
                status: .unprocessableContent)
        case .success(let subscription):
            try await accounts.keepPushSubscription(
                subscription, accountID: person.account.id, device: DeviceName.from(userAgent: request.headers[.userAgent]), now: now())
            return try jsonResponse(["kept": true], status: .created)
        }
    }

    @Sendable func sendTest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let message = PushDelivery.Message(
            title: tr("FoodDiary"), body: tr("Reminders reach this device."), url: Self.path, tag: "test")
        let tally = try await tests.run(for: person.account.id) {
            try await devices.send(message, toAccount: person.account.id, now: now())
        }
        return try await render(context, notice: nil, tally: tally)
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        guard let id = context.parameters.get("id", as: Int64.self),
            try await accounts.removePushSubscription(id: id, accountID: person.account.id)
        else { return try await render(context, notice: RemindersNotice.alreadyGone.text, status: .notFound) }
        return redirect(to: Self.path + "?notice=\(RemindersNotice.removed.rawValue)#devices")
    }

    private func render(
        _ context: AppRequestContext, notice: String?, tally: PushDevices.Tally? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let person = try context.person()
        let rows = try await accounts.pushSubscriptions(accountID: person.account.id)
        let view = RemindersView(
            rows: rows, publicKey: devices.delivery.key.publicKey, csrfToken: context.csrfToken, notice: notice, tally: tally,
            timeZone: timeZone)
        return await renderer.render(.reminders, view, for: context, status: status)
    }
}

/// What `/settings/reminders` says after a redirect.
enum RemindersNotice: String {
    case removed
    case alreadyGone = "already-gone"

    var text: String {
        switch self {
        case .removed: tr("That device gets no more reminders.")
        case .alreadyGone: tr("That device was already taken away.")
        }
    }
}
