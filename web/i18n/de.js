// German: each English text of the interface (as passed to t() in web/i18n.js) and its translation.

/** The German translations, keyed by the English text. */
export const de = {
  // The game's chat (web/game/chat.js).
  "Chat": "Chat",
  "Chat with the players": "Chat der Spieler",
  "Spectators' chat": "Chat der Zuschauer",
  "Players": "Spieler",
  "Spectators": "Zuschauer",
  "Players' messages": "Nachrichten der Spieler",
  "Spectators' messages": "Nachrichten der Zuschauer",
  "Mute the other players": "Die anderen Spieler stummschalten",
  "Mute the spectators": "Die Zuschauer stummschalten",
  "No messages yet.": "Noch keine Nachrichten.",
  "Messages hidden: {count}": "Ausgeblendete Nachrichten: {count}",
  "Message to the players": "Nachricht an die Spieler",
  "Message to the spectators": "Nachricht an die Zuschauer",
  "Say something": "Schreib etwas",
  "Send": "Senden",
  "Sign in to write in the spectators' chat.": "Melde dich an, um im Chat der Zuschauer zu schreiben.",
  "The message was not sent.": "Die Nachricht wurde nicht gesendet.",
  "The server cannot be reached; the message was not sent.": "Der Server ist nicht erreichbar; die Nachricht wurde nicht gesendet.",
};
