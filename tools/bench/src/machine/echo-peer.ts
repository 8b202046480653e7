import { connect } from 'node:net';

/**
 * The other end of bench:machine's round trips: connects to the Unix socket named by its argument
 * and sends back every byte it reads. Over its IPC channel it answers 'cpu' with the CPU it has
 * used (process.cpuUsage, µs), so each round trip's cost counts both processes.
 */
const socket = connect(process.argv[2]);
socket.on('data', (bytes) => socket.write(bytes));
socket.on('close', () => process.exit(0));
process.on('message', (message) => {
  if (message === 'cpu') process.send!(process.cpuUsage());
});
