import ListerCommands

// `lister json URL`, run by `lister` (execv) once the arguments are checked: the only
// executable that loads Foundation's networking and libcurl.
ListerMain.main(as: SiblingRunner(sibling: .json) { command in
    guard let json = command as? JSONCommand else { return }
    try await JSONHTTPRun.run(json)
})
