import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// `/settings/reminders`: what a person is reminded of and when (each kind stopped in one tap),
/// the browsers they let this server send reminders to (Web Push), a test push, and taking one away.
struct RemindersController: Sendable {
    let accounts: AccountsDatabase
    let devices: PushDevices
    /// The household's SMTP server; nil when the server sends no mail.
    let mail: OutboundMail?
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
        routes.post(Self.path, use: savePlan)
        routes.post(Self.path + "/kinds/:kind/stop", use: stop)
        routes.post("/push/subscriptions", use: subscribe)
        routes.post(Self.path + "/test", use: sendTest)
        routes.post(Self.path + "/test-mail", use: sendTestMail)
        routes.post(Self.path + "/devices/:id/remove", use: remove)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"].flatMap(RemindersNotice.init(rawValue:))
        return try await render(context, notice: notice)
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

    @Sendable func savePlan(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let form = ReminderPlanForm(fields: context.formFields)
        switch form.validate(acceptLanguage: request.headers[.acceptLanguage], now: now()) {
        case .failure(let problems):
            return try await render(context, notice: nil, form: form, problems: problems.messages, status: .unprocessableContent)
        case .success(let plan):
            try await accounts.saveReminderPlan(plan, accountID: person.account.id)
            return redirect(to: Self.path + "?notice=\(RemindersNotice.saved.rawValue)#plan")
        }
    }

    /// One kind off, in one tap; the others stay as they are.
    @Sendable func stop(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        guard let kind = context.parameters.get("kind").flatMap(ReminderKind.init(rawValue:)),
            try await accounts.stopReminder(kind, accountID: person.account.id)
        else { return try await render(context, notice: .alreadyOff, status: .notFound) }
        return redirect(to: Self.path + "?notice=\(RemindersNotice.stopped.rawValue)#plan")
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

    /// A mail to the address the person saved, saying so beside the button.
    @Sendable func sendTestMail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        guard let mail, let address = try await accounts.reminderPlan(accountID: person.account.id)?.mailAddress else {
            let said =
                mail == nil ? tr("This server sends no mail: its owner starts it with --smtp for that.") : tr("Save an address first.")
            return try await render(context, notice: nil, mailResult: (said, true), status: .unprocessableContent)
        }
        let failure = try await tests.run(for: person.account.id) { () async -> OutboundMail.Failure? in
            do {
                try await mail.send(
                    to: address, subject: tr("FoodDiary: a test mail"),
                    text: tr("Mail reminders reach this address.") + "\n\n" + tr("To stop these mails: FoodDiary → Settings → Reminders."),
                    now: now())
                return nil
            } catch let failure as OutboundMail.Failure {
                return failure
            } catch {
                return .unreachable
            }
        }
        let said = failure?.sentence ?? tr("Sent to \(address): it arrives in a moment.")
        return try await render(context, notice: nil, mailResult: (said, failure != nil))
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        guard let id = context.parameters.get("id", as: Int64.self),
            try await accounts.removePushSubscription(id: id, accountID: person.account.id)
        else { return try await render(context, notice: .alreadyGone, status: .notFound) }
        return redirect(to: Self.path + "?notice=\(RemindersNotice.removed.rawValue)#devices")
    }

    private func render(
        _ context: AppRequestContext, notice: RemindersNotice?, tally: PushDevices.Tally? = nil, form: ReminderPlanForm? = nil,
        problems: [String] = [], mailResult: (text: String, failed: Bool)? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let person = try context.person()
        let rows = try await accounts.pushSubscriptions(accountID: person.account.id)
        let saved = try await accounts.reminderPlan(accountID: person.account.id)
        let plan = ReminderPlanView(
            form: form ?? ReminderPlanForm(plan: saved, serverTimeZone: timeZone), isSaved: saved != nil,
            notice: notice.flatMap { $0.isAboutThePlan ? $0.text : nil }, offersMail: mail != nil, mailResult: mailResult,
            last: try await accounts.lastReminderOccasions(accountID: person.account.id), problems: problems)
        let view = RemindersView(
            rows: rows, plan: plan, publicKey: devices.delivery.key.publicKey, csrfToken: context.csrfToken,
            notice: notice.flatMap { $0.isAboutThePlan ? nil : $0.text }, tally: tally, timeZone: timeZone)
        return await renderer.render(.reminders, view, for: context, status: status)
    }
}

/// What `/settings/reminders` says after a redirect.
enum RemindersNotice: String {
    case removed, saved, stopped
    case alreadyGone = "already-gone"
    case alreadyOff = "already-off"

    var text: String {
        switch self {
        case .removed: tr("That device gets no more reminders.")
        case .alreadyGone: tr("That device was already taken away.")
        case .saved: tr("Reminders saved.")
        case .stopped: tr("That reminder is off. The others stay as they were.")
        case .alreadyOff: tr("That reminder was already off.")
        }
    }

    /// Shown beside the reminders' form rather than the devices.
    var isAboutThePlan: Bool { [.saved, .stopped, .alreadyOff].contains(self) }
}
