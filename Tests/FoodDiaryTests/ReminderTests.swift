import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
@testable import FoodDiaryBase
@testable import FoodDiaryStorage
@testable import FoodDiaryWeb

/// Issue 80: the reminders a person turns on, sent by the scheduler through a push-service
/// stand-in that decrypts them as the browser would.
@Suite struct ReminderTests {
    /// The server's clock passes 14:00 while it is down (13:34 → 15:10 in Berlin): the lunch
    /// reminder goes out once after, whichever scheduler (the server's own, the command) sees it
    /// first; a dinner already logged sends nothing.
    @Test func aReminderDueWhileTheServerWasDownIsSentOnceAfterAndALoggedSlotSendsNothing() async throws {
        let service = PushServiceStandIn()
        try await service.start()
        defer { Task { await service.stop() } }
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }, configure: { $0.pushServicesOnHomeNetwork = true }) {
            client, database, config, _ in
            let phone = PushBrowser()
            #expect(try await subscribe(client, phone.subscription(endpoint: service.address("phone"))).status == .created)
            let saved = try await client.postForm(
                "/settings/reminders",
                [
                    ("on_lunch", "on"), ("time_lunch", "14:00"), ("on_dinner", "on"), ("time_dinner", "20:30"),
                    ("time_zone", "Europe/Berlin")
                ])
            #expect(saved.headers[.location] == "/settings/reminders?notice=saved#plan", "\(saved.text)")
            let page = try await client.get("/settings/reminders?notice=saved").text
            #expect(page.contains("Reminders saved.") && page.contains(#"name="on_lunch" checked"#) && page.contains(#"value="14:00""#))
            #expect(!page.contains(#"name="on_water" checked"#), "every other kind stays off")

            clock.advance(by: 96 * 60) // 12:34 UTC is 13:34 in Berlin; now 15:10 there
            let logger = Logger(label: "reminder-tests")
            _ = try await sendDueReminders(config: config, logger: logger, now: { clock.now })
            clock.advance(by: 5 * 60)
            #expect(try await sendDueReminders(config: config, logger: logger, now: { clock.now }).isEmpty, "nothing due twice")
            let lunch = service.received.filter { $0.path == "/phone" }
            try #require(lunch.count == 1, "one push, whichever scheduler sent it")
            let message = try JSONSerialization.jsonObject(with: phone.decrypt(lunch[0].body)) as? [String: String]
            #expect(message?["body"] == "Nothing is logged for lunch today. A photo is enough, the foods can come later.")
            #expect(message?["url"] == "/log" && message?["tag"] == "lunch")
            #expect(try await client.get("/settings/reminders").text.contains("Last sent 9 Mar, 15:10."))

            try await database.write { db in
                try db.execute(
                    sql: "INSERT INTO meal (eaten_local, utc_offset_minutes, created_at, updated_at) VALUES ('2026-03-09T19:05', 60, ?, ?)",
                    arguments: [clock.now, clock.now])
            }
            clock.advance(by: (20 * 60 + 45 - 15 * 60 - 15) * 60) // 20:45 in Berlin
            let dinner = try await sendDueReminders(config: config, logger: logger, now: { clock.now })
            #expect(dinner.isEmpty || dinner == ["account 1: dinner of 2026-03-09: not-needed"], "\(dinner)")
            #expect(service.received.count == 1, "the logged dinner sends nothing")
            #expect(try await client.get("/settings/reminders").text.contains("not needed that day, nothing was sent."))
        }
    }

    /// The week in figures for someone reading German, kilojoules and pounds: the means are of
    /// the five whole days (a sixth has a photo still to itemise), the trend as worked by hand.
    @Test func theWeeklyDigestCarriesTheWeeksFiguresInThePersonsLanguageAndUnits() async throws {
        let service = PushServiceStandIn()
        try await service.start()
        defer { Task { await service.stop() } }
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }, configure: { $0.pushServicesOnHomeNetwork = true }) {
            client, database, config, _ in
            let phone = PushBrowser()
            #expect(try await subscribe(client, phone.subscription(endpoint: service.address("phone"))).status == .created)
            #expect(try await client.postForm("/goals", [("energy_kcal", "2200"), ("protein_g", "90")]).status == .seeOther)
            let units = try await client.postForm(
                "/settings/body", [("units", "us"), ("energy", "kJ"), ("water_goal", ""), ("glass", "11"), ("drink_units", "us")])
            #expect(units.status == .seeOther, "\(units.text)")
            try await diaryWeek(database)
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            try await accounts.write { db in try db.execute(sql: "UPDATE account SET language = 'de'") }
            // 12:34 UTC: a digest at 09:00 today was due before the plan was saved, so is not sent.
            #expect(
                try await client.postForm(
                    "/settings/reminders",
                    [("on_digest", "on"), ("time_digest", "09:00"), ("day_digest_1", "on"), ("time_zone", "UTC")]
                ).status == .seeOther)
            let logger = Logger(label: "reminder-tests")
            #expect(try await sendDueReminders(config: config, logger: logger, now: { clock.now }).isEmpty)
            #expect(
                try await client.postForm(
                    "/settings/reminders",
                    [("on_digest", "on"), ("time_digest", "12:40"), ("day_digest_1", "on"), ("time_zone", "UTC")]
                ).status == .seeOther)
            clock.advance(by: 6 * 60)
            _ = try await sendDueReminders(config: config, logger: logger, now: { clock.now })
            let pushed = try #require(service.received.last)
            let message = try #require(try JSONSerialization.jsonObject(with: phone.decrypt(pushed.body)) as? [String: String])
            let body = try #require(message["body"])
            #expect(message["url"] == "/trends" && message["tag"] == "digest")
            #expect(message["title"] == "Deine Woche: 2. März – 8. März", "\(message)")
            #expect(body.contains("An 6 von 7 Tagen erfasst."), "\(body)")
            // 2,000 kcal a day is 8,368 kJ; the goal of 2,200 kcal 9,205 kJ.
            #expect(body.contains("Energie: 8\u{202F}368 kJ am Tag, Ziel 9\u{202F}205 kJ."), "\(body)")
            #expect(body.contains("Eiweiß 100 g (Ziel 90 g)"), "\(body)")
            #expect(body.contains("Mittelwerte über die 5 Tage, deren Mahlzeiten alle aufgeschlüsselt sind."), "\(body)")
            // 80 kg on 1 March, 79 kg on 8 March: the trend 79.67 kg (175.6 lb), 0.33 kg (0.7 lb) down.
            #expect(body.contains("Gewichtstrend: 175,6 lb, −0,7 lb über die Woche."), "\(body)")
        }
    }

    /// Mail through a real SMTP server (aiosmtpd) that insists on STARTTLS and a sign-in: the test
    /// mail, then the week in figures by mail at its time; a wrong password is said in words.
    @Test func aTestMailAndTheWeekInFiguresArriveAtARealMailServer() async throws {
        let server = try await MailServer()
        defer { server.stop() }
        let clock = TestClock()
        let mail = try OutboundMail.Settings(address: server.address, password: MailServer.password, from: nil, caFile: server.certificate)
        try await TestEnvironment.withRunningApp(now: { clock.now }, configure: { $0.mail = mail }) { client, database, config, _ in
            #expect(try await client.postForm("/goals", [("energy_kcal", "2200")]).status == .seeOther)
            try await diaryWeek(database)
            let saved = try await client.postForm(
                "/settings/reminders",
                [
                    ("on_digest", "on"), ("time_digest", "12:40"), ("day_digest_1", "on"), ("by_mail_digest", "on"),
                    ("mail_address", "sam@home.example"), ("time_zone", "UTC")
                ])
            #expect(saved.status == .seeOther, "\(saved.text)")
            let tested = try await client.postForm("/settings/reminders/test-mail", [])
            #expect(tested.status == .ok && tested.text.contains("Sent to sam@home.example: it arrives in a moment."), "\(tested.text)")
            let first = try #require(server.received.first)
            #expect(first.to == ["sam@home.example"] && first.from == "fooddiary@home.example" && first.usedTLS && first.signedIn)
            #expect(first.subject == "FoodDiary: a test mail" && first.text.hasPrefix("Mail reminders reach this address."))
            #expect(first.headers["from"] == "FoodDiary <fooddiary@home.example>" && first.headers["auto-submitted"] == "auto-generated")

            clock.advance(by: 6 * 60)
            // The command run without the mail options leaves the mail to a scheduler that has them.
            var withoutMail = config
            withoutMail.mail = nil
            #expect(try await sendDueReminders(config: withoutMail, logger: Logger(label: "reminder-tests"), now: { clock.now }).isEmpty)
            let handled = try await sendDueReminders(config: config, logger: Logger(label: "reminder-tests"), now: { clock.now })
            #expect(handled.isEmpty || handled == ["account 1: digest of 2026-03-09: sent"], "\(handled)")
            let digest = try #require(server.received.dropFirst().first, "the week in figures arrived")
            #expect(digest.subject.hasPrefix("Your week: ") && digest.to == ["sam@home.example"], "\(digest.subject)")
            #expect(digest.text.contains("Logged on 6 of 7 days.\nEnergy: 2,000 kcal a day, goal 2,200 kcal."), "\(digest.text)")
            #expect(digest.text.contains("Weight trend: 79.7 kg, −0.3 kg over the week."), "\(digest.text)")
            #expect(digest.text.hasSuffix("\n\nTo stop these mails: FoodDiary → Settings → Reminders."), "\(digest.text)")
        }
        let wrong = try OutboundMail.Settings(address: server.address, password: "not it", from: nil, caFile: server.certificate)
        try await TestEnvironment.withRunningApp(configure: { $0.mail = wrong }) { client, _, _, _ in
            #expect(
                try await client.postForm("/settings/reminders", [("mail_address", "sam@home.example"), ("time_zone", "UTC")]).status
                    == .seeOther)
            let refused = try await client.postForm("/settings/reminders/test-mail", [])
            #expect(refused.status == .ok && refused.text.contains("The mail server refused this server’s sign-in."), "\(refused.text)")
        }
        #expect(server.received.count == 2, "nothing more arrived")
    }

    @Test func aKindStopsInOneTapAndAPlanThatCannotBeSentSaysWhy() async throws {
        try await TestEnvironment.withRunningApp { client, _, _, _ in
            let refused = try await client.postForm(
                "/settings/reminders",
                [
                    ("on_lunch", "on"), ("time_lunch", "lunchtime"), ("on_digest", "on"), ("time_digest", "09:00"),
                    ("time_zone", "Mars/Olympus")
                ])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Give “Lunch not logged” a time of day, such as 14:00."))
            #expect(refused.text.contains("Pick at least one day for “The week in figures”."))
            #expect(refused.text.contains("Mars/Olympus is not a time zone this server knows"))
            #expect(refused.text.contains(#"value="lunchtime""#), "what was typed stays")
            let header = try await client.postForm(
                "/settings/reminders", [("mail_address", "sam@home.example\r\nBcc: everyone@example.org"), ("time_zone", "UTC")])
            #expect(header.status == .unprocessableContent && header.text.contains("is not a mail address"))

            #expect(
                try await client.postForm(
                    "/settings/reminders",
                    [("on_lunch", "on"), ("time_lunch", "14:00"), ("on_water", "on"), ("time_water", "16:00"), ("time_zone", "UTC")]
                ).status == .seeOther)
            let page = try await client.get("/settings/reminders").text
            #expect(page.contains(#"form="stop-lunch""#) && page.contains(#"action="/settings/reminders/kinds/lunch/stop""#))
            let stopped = try await client.postForm("/settings/reminders/kinds/lunch/stop", [])
            #expect(stopped.headers[.location] == "/settings/reminders?notice=stopped#plan")
            let after = try await client.get("/settings/reminders?notice=stopped").text
            #expect(after.contains("That reminder is off.") && !after.contains(#"name="on_lunch" checked"#))
            #expect(after.contains(#"name="on_water" checked"#), "the others stay on")
            let again = try await client.postForm("/settings/reminders/kinds/lunch/stop", [])
            #expect(again.status == .notFound && again.text.contains("That reminder was already off."))
            #expect(try await client.postForm("/settings/reminders/kinds/everything/stop", []).status == .notFound)
        }
    }

    /// Quiet hours hold a reminder back; one still worth sending when they end goes then.
    @Test func quietHoursHoldARemindersBackUntilTheyEnd() throws {
        let saved = TestEnvironment.fixedNow.addingTimeInterval(-86_400)
        let lunch = ReminderPlan.Reminder(kind: .lunch, minuteOfDay: 14 * 60, weekdays: Set(0...6))
        let digest = ReminderPlan.Reminder(kind: .digest, minuteOfDay: 23 * 60, weekdays: [0])
        let plan = ReminderPlan(timeZone: .gmt, quietHours: (13 * 60, 15 * 60), acceptLanguage: nil, reminders: [lunch], updatedAt: saved)
        let day = LocalDate(parsing: "2026-03-09")! // a Monday
        func at(_ hour: Int, _ minute: Int) -> Date { LocalDateTime(date: day, hour: hour, minute: minute)!.instant(utcOffsetMinutes: 0) }
        #expect(plan.occasionsDue(at: at(14, 5)).isEmpty, "in the quiet hours")
        #expect(plan.occasionsDue(at: at(15, 5)).map(\.kind) == [.lunch], "sent when they end")
        #expect(plan.occasionsDue(at: at(17, 5)).isEmpty, "three hours late is too late for a nudge")
        // Sunday's 23:00 digest waits through quiet hours past midnight, and is sent on Monday at 07:00.
        let overnight = ReminderPlan(
            timeZone: .gmt, quietHours: (22 * 60, 7 * 60), acceptLanguage: nil, reminders: [digest], updatedAt: saved)
        #expect(overnight.occasionsDue(at: at(6, 59)).isEmpty && overnight.isQuiet(minuteOfDay: 23 * 60))
        #expect(overnight.occasionsDue(at: at(7, 0)).map(\.date) == [day.previous])
    }

    /// A real `fooddiary serve`, stopped while a reminder fell due (the plan saved the day before):
    /// started again, it sends the reminder once; started a third time, nothing more.
    @Test func aRealServerStartedAfterAReminderFellDueSendsItOnce() async throws {
        let service = PushServiceStandIn()
        try await service.start()
        defer { Task { await service.stop() } }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SR28Fixture.write(to: directory.path)
        try GenericFoodsFixture.write(to: directory.path)
        try GeoNamesFixture.write(to: directory.path)
        let config = TestEnvironment.config(dataDirectory: directory.path)
        let accounts = try AccountsDatabase.open(path: config.accountsPath)
        let id = try await accounts.createAccount(name: TestPerson.name, passwordHash: TestPerson.passwordHash, role: .owner, now: Date())
        let phone = PushBrowser()
        guard
            case .success(let subscription) = PushSubscription.read(
                json: phone.subscription(endpoint: service.address("phone")), allowsHomeNetwork: true)
        else { throw CancellationError() }
        try await accounts.keepPushSubscription(subscription, accountID: id, device: "Chrome/Android", now: Date())
        // Due ten minutes ago, in UTC, every day; saved yesterday, while the server still ran.
        let due = TimeOfDay.minutes(LocalDateTime(Date().addingTimeInterval(-600), in: .gmt))
        try await accounts.saveReminderPlan(
            ReminderPlan(
                timeZone: .gmt, quietHours: nil, acceptLanguage: "en", mailAddress: nil,
                reminders: [.init(kind: .lunch, minuteOfDay: due, weekdays: Set(0...6))], updatedAt: Date().addingTimeInterval(-86_400)),
            accountID: id)
        let arguments = [
            "--data-dir", directory.path, "--sr28-dir", directory.path, "--fdc-dir", directory.path, "--geonames-dir", directory.path,
            "--push-from-home-network"
        ]
        let started = try ServerProcess(arguments: arguments)
        for _ in 0..<600 where service.received.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(started.stop(within: 10) != nil)
        let pushes = service.received
        try #require(
            pushes.count == 1, "the reminder that fell due while the server was stopped went out once: \(started.log.suffix(1500))")
        let message = try JSONSerialization.jsonObject(with: phone.decrypt(pushes[0].body)) as? [String: String]
        #expect(message?["tag"] == "lunch")

        let again = try ServerProcess(arguments: arguments)
        try await Task.sleep(for: .seconds(3))
        #expect(again.stop(within: 10) != nil)
        #expect(service.received.count == 1, "a second start finds it sent")
        #expect(try await accounts.lastReminderOccasions(accountID: id)[.lunch]?.outcome == .sent)
    }

    /// Monday 2 to Sunday 8 March 2026: five whole days of 2,000 kcal, a meal still to itemise on
    /// Saturday, nothing on Sunday; weighed on 1 and 8 March.
    private func diaryWeek(_ database: AppDatabase) async throws {
        try await database.write { db in
            for day in 2...6 {
                try db.execute(
                    sql: "INSERT INTO meal (eaten_local, utc_offset_minutes, created_at, updated_at) VALUES (?, 0, ?, ?)",
                    arguments: ["2026-03-0\(day)T12:00", TestEnvironment.fixedNow, TestEnvironment.fixedNow])
                try db.execute(
                    sql: """
                        INSERT INTO food_entry (meal_id, data_type, description, grams, portion_label, basis_grams, basis_energy_kcal,
                            energy_kcal, protein_g, fat_g, carbohydrate_g, created_at, updated_at)
                        VALUES (?, 'hand_typed', 'The day', 1, '1 day', 1, 2000, 2000, 100, 70, 240, ?, ?)
                        """, arguments: [db.lastInsertedRowID, TestEnvironment.fixedNow, TestEnvironment.fixedNow])
            }
            try db.execute(
                sql: "INSERT INTO meal (eaten_local, utc_offset_minutes, created_at, updated_at) VALUES ('2026-03-07T13:00', 0, ?, ?)",
                arguments: [TestEnvironment.fixedNow, TestEnvironment.fixedNow])
            for (date, kilograms) in [("2026-03-01", 80.0), ("2026-03-08", 79.0)] {
                try db.execute(
                    sql:
                        "INSERT INTO body_measurement (measure_id, value, measured_local, utc_offset_minutes, created_at) VALUES (1, ?, ?, 0, ?)",
                    arguments: [kilograms, "\(date)T07:30", TestEnvironment.fixedNow])
            }
        }
    }

    private func subscribe(_ client: any TestClientProtocol, _ json: Data) async throws -> TestResponse {
        try await client.execute(
            uri: "/push/subscriptions", method: .post,
            headers: [.cookie: browserCookies(), .contentType: "application/json", CSRFTokens.headerName: testToken],
            body: .init(data: json))
    }
}
