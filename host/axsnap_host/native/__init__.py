"""The native-messaging host process: protocol, streamed parts and bases, replies, memory, log."""
