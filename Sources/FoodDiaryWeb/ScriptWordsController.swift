import FoodDiaryBase
import Hummingbird
import NIOCore

/// `/words/<language>.js`: the words the scripts show, in one language, for pages in it to load
/// before their scripts. Open to everyone (the sign-in page's passkey script has words too), and
/// cached for a year: its address carries its version, which changes with its words.
package struct ScriptWordsController: Sendable {
    let scripts: [String: ByteBuffer]

    package init(languages: Languages) {
        scripts = languages.all.reduce(into: [:]) { scripts, language in
            if let words = language.scriptWords { scripts[language.code + ".js"] = ByteBuffer(string: words.source) }
        }
    }

    package func addRoutes(to routes: Routes) {
        let scripts = scripts
        routes.publicGet("/words/:file") { _, context in
            guard let file = context.parameters.get("file"), let script = scripts[file] else { throw HTTPError(.notFound) }
            return Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "public, max-age=31536000, immutable"],
                body: .init(byteBuffer: script))
        }
    }
}
